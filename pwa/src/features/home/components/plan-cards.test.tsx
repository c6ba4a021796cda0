import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { servedPlans } from '../../../test/plans';
import { i18n } from '../../../lib/i18n/i18n';
import { PlanCards } from './plan-cards';

function renderPlans() {
  return render(
    <MemoryRouter>
      <PlanCards plans={servedPlans} />
    </MemoryRouter>,
  );
}

describe('PlanCards', () => {
  it('shows the four plans, each with Purchase Now leading to sign-in', () => {
    renderPlans();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Sonic',
      'Ultra',
      'Promo Plan',
      'Supreme',
    ]);
    for (const card of cards) {
      expect(within(card).getByRole('link', { name: /^Purchase Now/ })).toHaveAttribute('href', '/sign-in');
    }
  });

  it('states each plan’s terms and its expected return on the minimum deposit', () => {
    renderPlans();
    const [sonic, , promo, supreme] = screen.getAllByRole('listitem');
    expect(sonic).toHaveTextContent('5%');
    expect(sonic).toHaveTextContent('Minimum deposit$50.00');
    expect(sonic).toHaveTextContent('Maximum deposit$999.00');
    expect(sonic).toHaveTextContent('Duration15 hours');
    expect(sonic).toHaveTextContent('Expected return on $50.00: $52.50');
    expect(promo).toHaveTextContent('Expected return on $5,000.00: $5,450.00');
    expect(supreme).toHaveTextContent('Maximum depositNo maximum');
    expect(supreme).toHaveTextContent('Expected return on $15,000.00: $18,750.00');
  });

  it('shows a plan’s name in the page’s language and says when a plan has no miner', async () => {
    const seasonal = { ...servedPlans[0]!, id: 9, name: 'Harvest', names: { fr: 'Moisson' }, miner: false };
    await i18n.changeLanguage('fr');
    try {
      render(
        <MemoryRouter>
          <PlanCards plans={[seasonal]} />
        </MemoryRouter>,
      );
      const card = screen.getByRole('listitem');
      expect(within(card).getByRole('heading')).toHaveTextContent('Moisson');
      expect(card).toHaveTextContent('Miner—');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a risk notice and never promises a guaranteed return', () => {
    renderPlans();
    expect(screen.getByRole('note')).toHaveTextContent('returns are not guaranteed');
    const withoutNotice = screen.getByRole('list').textContent ?? '';
    expect(withoutNotice).not.toMatch(/guarantee/i);
  });
});
