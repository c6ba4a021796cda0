import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, searchOf, type ReceivedRequest } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { TransactionsPage } from './transactions-page';

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: String(id),
  date: '2026-03-0' + ((id % 9) + 1) + 'T10:00:00.000Z',
  type: 'Deposit',
  status: 'pending',
  amount: 100 + id,
  ...overrides,
});

/** A server with 12 deposits, 1 withdrawal and nothing else; it pages and filters like the real one. */
function historyServer(request: ReceivedRequest) {
  const search = searchOf(request);
  const tab = search.get('tab');
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const type = search.get('type')?.toLowerCase() ?? '';
  const all =
    tab === 'deposit'
      ? Array.from({ length: 12 }, (_, index) =>
          row(index + 1, index === 0 ? { type: 'Deposit (Gold plan)', status: 'confirmed' } : {}),
        )
      : tab === 'withdrawal'
        ? [row(50, { type: 'Withdrawal (Bitcoin)', status: 'rejected', amount: 75.5 })]
        : [];
  const matching = all.filter((item) => item.type.toLowerCase().includes(type));
  return {
    status: 200,
    body: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize },
  };
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('transaction history', () => {
  it('shows the Deposit tab first: 5 rows with date, type, status badge and amount, and numbered pages', async () => {
    const api = fakeApi({ 'GET /api/transactions': historyServer });
    renderPageWithQuery(<TransactionsPage />);
    expect(await screen.findByText('Deposit (Gold plan)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Type',
      'Status',
      'Amount',
    ]);
    expect(bodyRows()).toHaveLength(5);
    expect(within(bodyRows()[0]!).getByText('Confirmed')).toHaveClass('status-badge--confirmed');
    expect(within(bodyRows()[0]!).getByText('$101.00')).toBeInTheDocument();
    expect(within(bodyRows()[1]!).getByText('Pending')).toHaveClass('status-badge--pending');
    const pages = within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('button');
    expect(pages.map((button) => button.textContent)).toEqual(['1', '2', '3']);
    expect(pages[0]).toHaveAttribute('aria-current', 'page');
    expect(Object.fromEntries(searchOf(api.received[0]!))).toEqual({ tab: 'deposit', page: '1', pageSize: '5' });
  });

  it('pages through the results with the numbered buttons', async () => {
    const api = fakeApi({ 'GET /api/transactions': historyServer });
    renderPageWithQuery(<TransactionsPage />);
    await screen.findByText('Deposit (Gold plan)');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(searchOf(api.received.at(-1)!).get('page')).toBe('3');
    expect(screen.queryByText('Deposit (Gold plan)')).not.toBeInTheDocument();
  });

  it('switches tabs: Withdrawer asks for tab=withdrawal from page 1, Others shows its empty state', async () => {
    const api = fakeApi({ 'GET /api/transactions': historyServer });
    renderPageWithQuery(<TransactionsPage />);
    await screen.findByText('Deposit (Gold plan)');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(searchOf(api.received.at(-1)!).get('page')).toBe('2'));

    await userEvent.click(screen.getByRole('tab', { name: 'Withdrawer' }));
    expect(await screen.findByText('Withdrawal (Bitcoin)')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toHaveClass('status-badge--rejected');
    expect(screen.getByText('$75.50')).toBeInTheDocument();
    expect(Object.fromEntries(searchOf(api.received.at(-1)!))).toEqual({ tab: 'withdrawal', page: '1', pageSize: '5' });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Others' }));
    expect(await screen.findByText('No plan purchases, returns or bonuses yet.')).toBeInTheDocument();
    expect(searchOf(api.received.at(-1)!).get('tab')).toBe('others');
  });

  it('searches by type once typing stops, sending type= and starting at page 1', async () => {
    const api = fakeApi({ 'GET /api/transactions': historyServer });
    renderPageWithQuery(<TransactionsPage />);
    await screen.findByText('Deposit (Gold plan)');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.queryByText('Deposit (Gold plan)')).not.toBeInTheDocument());
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by type, coin or status' }), 'gold');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('Deposit (Gold plan)')).toBeInTheDocument();
    const typed = api.received.filter((request) => searchOf(request).has('type'));
    expect(typed.map((request) => [searchOf(request).get('type'), searchOf(request).get('page')])).toEqual([
      ['gold', '1'],
    ]);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search by type, coin or status' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by type, coin or status' }), 'Ethereum');
    expect(await screen.findByText('No transactions match “Ethereum”.')).toBeInTheDocument();
  });

  it('shows the empty state of the Deposit tab for a new investor', async () => {
    fakeApi({ 'GET /api/transactions': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 5 } } });
    renderPageWithQuery(<TransactionsPage />);
    expect(await screen.findByText('You have no deposits yet.')).toBeInTheDocument();
  });

  it('shows an on-chain deposit with its confirmations, a link to its quote and one to the block explorer', async () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    fakeApi({
      'GET /api/transactions': {
        status: 200,
        body: {
          items: [
            row(1, {
              id: 'c4',
              type: 'On-chain deposit',
              via: 'ethereum',
              amount: 25,
              onChain: {
                quoteId: 'q-1',
                txHash,
                confirmations: 3,
                required: 12,
                explorerUrl: `https://etherscan.io/tx/${txHash}`,
              },
            }),
          ],
          total: 1,
          page: 1,
          pageSize: 5,
        },
      },
    });
    renderPageWithQuery(<TransactionsPage />);
    const quoteLink = await screen.findByRole('link', { name: 'On-chain deposit' });
    expect(quoteLink).toHaveAttribute('href', '/deposit-quotes/q-1');
    const [only] = bodyRows();
    expect(only).toHaveTextContent('Ethereum');
    expect(only).toHaveTextContent('Pending · 3 of 12 confirmations');
    expect(within(only!).getByRole('link', { name: '0xababab…ababab' })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${txHash}`,
    );
  });
});
