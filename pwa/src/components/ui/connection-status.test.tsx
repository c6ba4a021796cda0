import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatus, ConnectionStatusOnceOffline } from './connection-status';

/** The browser's own signal, as navigator.onLine and its events report it. */
function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('ConnectionStatus', () => {
  it('says online, sending n saved items, or offline in the words of the shell', () => {
    const { rerender } = render(<ConnectionStatus online />);
    expect(screen.getByText('Online')).toHaveAttribute('data-state', 'online');
    rerender(<ConnectionStatus online sending={2} />);
    expect(screen.getByText('Sending saved items: 2')).toHaveAttribute('data-state', 'syncing');
    rerender(<ConnectionStatus online={false} sending={2} />);
    expect(screen.getByText('Offline: showing what this device saved')).toHaveAttribute('data-state', 'offline');
    rerender(<ConnectionStatus online={false} offlineMeans="needsConnection" />);
    expect(screen.getByText('Offline: actions here need a connection')).toBeInTheDocument();
  });
});

describe('ConnectionStatusOnceOffline (public pages)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while the connection stays up', () => {
    const { container } = render(<ConnectionStatusOnceOffline />);
    expect(container).toBeEmptyDOMElement();
  });

  it('appears when the browser goes offline, and stays to say when the connection is back', () => {
    render(<ConnectionStatusOnceOffline />);
    act(() => setBrowserOnline(false));
    expect(screen.getByText('Offline: showing what this device saved')).toBeInTheDocument();
    act(() => setBrowserOnline(true));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows at once on a page opened offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectionStatusOnceOffline />);
    expect(screen.getByText('Offline: showing what this device saved')).toBeInTheDocument();
  });
});
