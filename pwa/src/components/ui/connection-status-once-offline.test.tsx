import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatusOnceOffline } from './connection-status-once-offline';

/** The browser's own signal, as navigator.onLine and its events report it. */
function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('ConnectionStatusOnceOffline (public pages)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while the connection stays up', () => {
    const { container } = render(<ConnectionStatusOnceOffline />);
    expect(container).toBeEmptyDOMElement();
  });

  it('appears when the browser goes offline, and stays to say when the connection is back', async () => {
    render(<ConnectionStatusOnceOffline />);
    act(() => setBrowserOnline(false));
    expect(await screen.findByText('Offline: showing what this device saved')).toBeInTheDocument();
    act(() => setBrowserOnline(true));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows at once on a page opened offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectionStatusOnceOffline />);
    expect(await screen.findByText('Offline: showing what this device saved')).toBeInTheDocument();
  });
});
