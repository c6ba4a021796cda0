import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { PortfolioPage } from './portfolio-page';

const cardsShown = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem');

describe('PortfolioPage', () => {
  it('starts on All Works with 12 handle-titled cards', () => {
    renderPage(<PortfolioPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All Works/ })).toHaveAttribute('aria-selected', 'true');
    expect(cardsShown()).toHaveLength(12);
    expect(screen.getByText('@northwind-ledger')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Abstract illustration for @northwind-ledger' })).toHaveAttribute(
      'src',
      '/portfolio/northwind-ledger.svg',
    );
  });

  it.each([
    ['Consulting', 3],
    ['Tax & Invoice', 4],
    ['Investment', 6],
    ['Business', 6],
    ['All Works', 12],
  ])('shows %s with %i works when clicked', async (tab, size) => {
    renderPage(<PortfolioPage />);
    await userEvent.setup().click(screen.getByRole('tab', { name: new RegExp(tab) }));
    expect(cardsShown()).toHaveLength(size);
    expect(screen.getByRole('tab', { name: new RegExp(tab) })).toHaveAccessibleName(
      `${tab} Works in this category: ${size}`,
    );
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    renderPage(<PortfolioPage />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: /All Works/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Consulting/ })).toHaveFocus();
    expect(cardsShown()).toHaveLength(3);
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Business/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /All Works/ })).toHaveFocus();
    expect(cardsShown()).toHaveLength(12);
  });
});
