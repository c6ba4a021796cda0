import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClientWithConfig } from '../../../test/operator-config-fixture';
import { CoreFeatures } from './core-features';

const renderWith = (messagingLink: string) =>
  render(
    <QueryClientProvider client={queryClientWithConfig({ messagingLink })}>
      <CoreFeatures />
    </QueryClientProvider>,
  );

describe('CoreFeatures', () => {
  it('opens the operator’s messaging channel from both buttons', () => {
    renderWith('https://chat.example.com/community');
    for (const name of ['Join our community', 'Get started']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', 'https://chat.example.com/community');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('hides the buttons when no messaging channel is configured', () => {
    renderWith('');
    expect(screen.getByRole('heading', { name: 'Core features' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
