import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { ServicesPage } from './services-page';

describe('ServicesPage', () => {
  it('shows the six services of the spec and the core features with a risk notice', () => {
    renderPage(<ServicesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'What we do' })).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'What we do' })).getAllByRole('heading', { level: 2 });
    expect(cards.map((heading) => heading.textContent)).toEqual([
      'Asset Management',
      'Smart Strategy',
      'Asset Insurance',
      'Business Consultation',
      'Investment',
      'Tax & Order Making',
    ]);
    const core = screen.getByRole('region', { name: 'Core features' });
    expect(within(core).getByText('$0 monthly service charge')).toBeInTheDocument();
    expect(within(core).getByRole('note')).toHaveTextContent('not guaranteed');
    expect(within(core).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/sign-up');
  });
});
