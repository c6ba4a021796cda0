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

  it('states the range under the field', () => {
    renderDeposit();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAccessibleDescription('From $50 to $1,000,000');
  });

  it.each([
    ['49.99', 'Please enter a valid deposit amount (minimum $50).'],
    ['-60', 'Please enter a valid deposit amount (minimum $50).'],
    ['12.345', 'Enter the amount with at most two decimals (cents), e.g. 150.25.'],
    ['50.001', 'Enter the amount with at most two decimals (cents), e.g. 150.25.'],
    ['99999999999999', 'One deposit can be at most $1,000,000.'],
    ['1000000.01', 'One deposit can be at most $1,000,000.'],
    ['abc', 'Enter the amount in dollars, e.g. 150 or 150.25.'],
    ['', 'Enter the amount in dollars, e.g. 150 or 150.25.'],
  ])('refuses %j with the message of the rule it breaks', async (amount, message) => {
    const user = renderDeposit();
    if (amount) await user.type(screen.getByLabelText('Amount (USD)'), amount);
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('current-url')).not.toBeInTheDocument();
  });

  it('clears the message as soon as the amount is typed again, and takes the range’s ends', async () => {
    const user = renderDeposit();
    const field = screen.getByLabelText('Amount (USD)');
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, '1000000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent('/bitcoindeposit1?amount=1000000&coin=bitcoin');
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
