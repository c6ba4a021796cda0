import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { DepositPage } from './deposit-page';

function CurrentUrl() {
  const location = useLocation();
  return <p data-testid="current-url">{location.pathname + location.search}</p>;
}

function renderDeposit() {
  fakeApi({ 'GET /api/deposit-quotes': { status: 200, body: { quotes: [] } } });
  renderPageWithQuery(
    <Routes>
      <Route path="/deposit-page" element={<DepositPage />} />
      <Route path="*" element={<CurrentUrl />} />
    </Routes>,
    { route: '/deposit-page' },
  );
  return userEvent.setup();
}

describe('DepositPage', () => {
  it('offers the ten coins as one radio group, Bitcoin chosen first', () => {
    renderDeposit();
    const coins = screen.getAllByRole('radio');
    expect(coins.map((coin) => coin.closest('label')?.textContent)).toEqual([
      'Bitcoin',
      'BNB',
      'Cardano',
      'Dogecoin',
      'Ethereum',
      'Litecoin',
      'Shiba',
      'Solana',
      'Tron',
      'USDT',
    ]);
    expect(screen.getByRole('radio', { name: 'Bitcoin' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Coin you will pay with' })).toBeInTheDocument();
  });

  it.each(['49.99', '', 'abc', '50.001'])('refuses the amount %j with the spec message', async (amount) => {
    const user = renderDeposit();
    if (amount) await user.type(screen.getByLabelText('Amount (USD)'), amount);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid deposit amount (minimum $50).');
    expect(screen.queryByTestId('current-url')).not.toBeInTheDocument();
  });

  it('moves between coins with the arrow keys and goes on with amount and coin', async () => {
    const user = renderDeposit();
    await user.type(screen.getByLabelText('Amount (USD)'), '150');
    await user.click(screen.getByRole('radio', { name: 'Bitcoin' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Cardano' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent('/bitcoindeposit1?amount=150&coin=cardano');
  });
});
