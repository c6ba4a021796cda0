import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, searchOf, type ReceivedRequest } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { TransactionsPage } from './transactions-page';

const deposit = {
  id: '1',
  date: '2026-03-01T10:00:00.000Z',
  type: 'Deposit',
  via: 'bitcoin',
  status: 'pending',
  amount: 100,
};
const withdrawal = {
  id: '2',
  date: '2026-03-02T10:00:00.000Z',
  type: 'Withdrawal (USDT)',
  via: 'USDT',
  status: 'pending',
  amount: 40,
};

/** Answers like the server: a tab's rows, searched over type, via and status. */
function server(request: ReceivedRequest) {
  const search = searchOf(request);
  const term = search.get('type')?.toLowerCase() ?? '';
  const rows = (
    search.get('tab') === 'withdrawal' ? [withdrawal] : search.get('tab') === 'deposit' ? [deposit] : []
  ).filter((row) => [row.type, row.via, row.status].some((text) => text.toLowerCase().includes(term)));
  return { status: 200, body: { items: rows, total: rows.length, page: 1, pageSize: 5 } };
}

describe('transaction history: tab in the URL, search by coin', () => {
  it('opens the tab the URL names (the dashboard links to ?tab=withdrawal)', async () => {
    const api = fakeApi({ 'GET /api/transactions': server });
    renderPageWithQuery(<TransactionsPage />, { route: '/transaction?tab=withdrawal' });
    expect(await screen.findByText('Withdrawal (USDT)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Withdrawer' })).toHaveAttribute('aria-selected', 'true');
    expect(searchOf(api.received[0]!).get('tab')).toBe('withdrawal');
  });

  it('finds a deposit paid in Bitcoin by searching "Bitcoin", and shows its coin and amount', async () => {
    const api = fakeApi({ 'GET /api/transactions': server });
    renderPageWithQuery(<TransactionsPage />);
    await screen.findByText('$100.00');
    expect(screen.getByLabelText('Search by type, coin or status')).toHaveAttribute('placeholder', 'e.g. Bitcoin');
    await userEvent.type(screen.getByLabelText('Search by type, coin or status'), 'Bitcoin');
    await waitFor(() => expect(api.received.some((request) => searchOf(request).get('type') === 'bitcoin')).toBe(true));
    const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Deposit · Bitcoin');
    expect(row).toHaveTextContent('$100.00');
  });
});
