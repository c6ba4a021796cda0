import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectionStatus } from './connection-status';

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
