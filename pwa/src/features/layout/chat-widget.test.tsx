import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClientWithConfig } from '../../test/operator-config-fixture';
import { ChatWidget } from './chat-widget';

function renderWidget(overrides: Parameters<typeof queryClientWithConfig>[0]) {
  return render(
    <QueryClientProvider client={queryClientWithConfig(overrides)}>
      <ChatWidget />
    </QueryClientProvider>,
  );
}

describe('ChatWidget', () => {
  afterEach(() => document.querySelectorAll('script[data-chat-widget]').forEach((script) => script.remove()));

  it('shows nothing and loads no script when the operator configured neither', () => {
    renderWidget({ chatWidgetScriptUrl: '', messagingLink: '' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
  });

  it('adds the messaging button, opening the configured link in a new tab', () => {
    renderWidget({ messagingLink: 'https://chat.example.com/our-channel' });
    const link = screen.getByRole('link', { name: 'Message us' });
    expect(link).toHaveAttribute('href', 'https://chat.example.com/our-channel');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('loads the configured live-chat script once', () => {
    const { unmount } = renderWidget({ chatWidgetScriptUrl: 'https://widget.example.com/chat.js' });
    unmount();
    renderWidget({ chatWidgetScriptUrl: 'https://widget.example.com/chat.js' });
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-chat-widget]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://widget.example.com/chat.js');
  });
});
