import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, searchOf } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { WithdrawalsPage } from './withdrawals-page';

/** One page of the list, as GET /api/admin/withdrawals answers it. */
const listed = (rows: unknown[]) => ({ withdrawals: rows, total: rows.length, page: 1, pageSize: 25 });

const pending = {
  id: '33333333-cccc-4000-8000-000000000003',
  user: { id: 'u1', email: 'wade@example.com' },
  amount: 60,
  method: 'Bitcoin',
  address: 'bc1qpayoutaddress0000',
  status: 'pending',
  createdAt: '2026-03-02T10:00:00.000Z',
  availableBalance: 90,
  txHash: null,
  rejectReason: null,
};
const approveRoute = `POST /api/admin/withdrawals/${pending.id}/approve`;

function renderWithdrawals(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /api/admin/withdrawals': { status: 200, body: listed([pending]) }, ...routes });
  renderPageWithQuery(<WithdrawalsPage />, { route: '/admin/withdrawals' });
  return { api, user: userEvent.setup() };
}

describe('Withdrawals', () => {
  it("lists pending withdrawals with the user's available balance and a copyable address", async () => {
    const { api, user } = renderWithdrawals({});
    expect(await screen.findByText('wade@example.com')).toBeInTheDocument();
    expect(searchOf(api.received[0]!).get('status')).toBe('pending');
    expect(screen.getByText('$60.00')).toBeInTheDocument();
    expect(screen.getByText('$90.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy bc1qpayoutaddress0000' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('bc1qpayoutaddress0000');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('approves only with a transaction hash, naming the amount, user and address first', async () => {
    const { api, user } = renderWithdrawals({
      [approveRoute]: { status: 200, body: { message: 'Withdrawal marked as paid' } },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Approve the withdrawal of $60.00 by wade@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Mark the withdrawal of $60.00 as paid?' });
    expect(dialog).toHaveTextContent('Only after you have sent $60.00 in Bitcoin to wade@example.com at this address:');
    expect(dialog).toHaveTextContent('bc1qpayoutaddress0000');

    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(within(dialog).getByText('Enter the transaction hash of the payment.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Transaction hash'), '0xabc123def456');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Withdrawal marked as paid')).toHaveAttribute('role', 'status');
    expect(api.writes()).toEqual([
      { method: 'POST', url: `/api/admin/withdrawals/${pending.id}/approve`, body: { txHash: '0xabc123def456' } },
    ]);
  });

  it("shows the server's reason for a refused hash by the field and keeps it", async () => {
    const { user } = renderWithdrawals({
      [approveRoute]: {
        status: 400,
        body: { message: 'Invalid input', errors: { txHash: 'Enter the transaction hash of the payment' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    await user.type(screen.getByLabelText('Transaction hash'), '0xab');
    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Enter the transaction hash of the payment')).toBeInTheDocument();
    expect(screen.getByLabelText('Transaction hash')).toHaveValue('0xab');
  });

  it('rejects with a reason', async () => {
    const { api, user } = renderWithdrawals({
      [`POST /api/admin/withdrawals/${pending.id}/reject`]: { status: 200, body: { message: 'Withdrawal rejected' } },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Reject the withdrawal of $60.00 by wade@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject the withdrawal of $60.00?' });
    expect(dialog).toHaveTextContent('$60.00 goes back to the available balance of wade@example.com.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Address is not valid');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText(/^Withdrawal rejected/)).toHaveAttribute('role', 'status');
    expect(api.writes()).toMatchObject([{ body: { reason: 'Address is not valid' } }]);
  });
});
