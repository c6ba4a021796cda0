import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '../../../../../api/contracts/answers';
import { fakeApi, searchOf } from '../../../test/fake-api';
import { queryClientWithConfig } from '../../../test/operator-config-fixture';
import {
  approvedOnChain,
  broadcastOnChain,
  buildAdminWithdrawal,
  buildWithdrawal,
} from '../../../test/withdrawal-fixtures';
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

  it('filters by approved (waiting to be paid) and in a batch (waiting for its signature)', async () => {
    const { api, user } = renderWithdrawals({});
    await screen.findByText('wade@example.com');
    const filter = screen.getByLabelText<HTMLSelectElement>('Status');
    expect([...filter.options].map((option) => option.text)).toEqual([
      'Pending',
      'Approved',
      'In a batch',
      'Paid',
      'Rejected',
      'All',
    ]);
    await user.selectOptions(filter, 'in_batch');
    await waitFor(() => expect(searchOf(api.received.at(-1)!).get('status')).toBe('in_batch'));
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

  it('refuses a hash like "zzz" with one message, the specific one, and sends nothing', async () => {
    const { api, user } = renderWithdrawals({});
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Transaction hash'), 'zzz');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Enter the transaction hash of the payment.']);
    expect(within(dialog).queryByText('Error approving the withdrawal')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transaction hash')).toHaveValue('zzz');
    expect(api.writes()).toEqual([]);
  });

  it("shows the server's reason for a refused hash by the field alone, and keeps it", async () => {
    const { api, user } = renderWithdrawals({
      [approveRoute]: {
        status: 400,
        body: { message: 'Invalid request', errors: { txHash: 'This hash was already used for another payment' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Transaction hash'), '0xabcdef1234');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText('This hash was already used for another payment')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).queryByText('Error approving the withdrawal')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transaction hash')).toHaveValue('0xabcdef1234');
    expect(api.writes()).toHaveLength(1);
  });

  it('says the general failure when the server refuses for another reason', async () => {
    const { user } = renderWithdrawals({ [approveRoute]: { status: 500, body: { message: 'Internal error' } } });
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Transaction hash'), '0xabcdef1234');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error approving the withdrawal');
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

describe('On-chain withdrawals', () => {
  // The server says whether approving it fixes a coin amount (payableOnChain) and how it is then paid.
  const onChainRow = (overrides: Partial<AdminWithdrawal>) =>
    buildAdminWithdrawal({ payableOnChain: true, ...overrides });
  const approveOnChain = `POST /api/admin/withdrawals/${buildAdminWithdrawal().id}/approve`;

  function renderOnChain(rows: AdminWithdrawal[], routes: Parameters<typeof fakeApi>[0] = {}) {
    const api = fakeApi({ 'GET /api/admin/withdrawals': { status: 200, body: listed(rows) }, ...routes });
    renderPageWithQuery(<WithdrawalsPage />, {
      route: '/admin/withdrawals',
      client: queryClientWithConfig({ onChainCoins: ['ethereum', 'usdt'] }),
    });
    return { api, user: userEvent.setup() };
  }

  it('approves a pending one at the live rate without a hash, then goes on to pay it', async () => {
    const { api, user } = renderOnChain([onChainRow({})], {
      [approveOnChain]: {
        status: 200,
        body: { message: 'Withdrawal approved', withdrawal: buildWithdrawal(approvedOnChain) },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Approve the withdrawal of $60.00 by wade@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve the withdrawal of $60.00?' });
    expect(dialog).toHaveTextContent('This fixes the amount in Ethereum at the live rate.');
    expect(within(dialog).queryByLabelText('Transaction hash')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve at the live rate' }));
    expect(
      await screen.findByText('Withdrawal approved: pay the coin amount, then enter the transaction hash'),
    ).toHaveAttribute('role', 'status');
    expect(api.writes()).toEqual([
      { method: 'POST', url: `/api/admin/withdrawals/${onChainRow({}).id}/approve`, body: {} },
    ]);
    // The approved row leaves the pending list, so the payment follows in the same dialog.
    const payment = await screen.findByRole('dialog', { name: 'Pay the withdrawal of $60.00' });
    expect(payment).toHaveTextContent('Send exactly 0.03 Ethereum to wade@example.com at this address:');
    expect(within(payment).getByLabelText('Transaction hash')).toHaveValue('');
  });

  it('sends a batch-paid one (UTXO chain) to the Payouts page once its amount is fixed, with no hash asked', async () => {
    const litecoin = {
      method: 'Litecoin' as const,
      address: 'rltc1qjyrdhnmzt5f2a5xl2g3zqzr4m8x9n4q0m5v3x7',
      paidInBatch: true,
    };
    const { api, user } = renderOnChain([onChainRow(litecoin)], {
      [approveOnChain]: {
        status: 200,
        body: {
          message: 'Withdrawal approved',
          withdrawal: buildWithdrawal({ ...approvedOnChain, ...litecoin, coin: 'litecoin', coinAmount: '0.75' }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    await user.click(screen.getByRole('button', { name: 'Approve at the live rate' }));
    expect(
      await screen.findByText('Withdrawal approved at the live rate: it waits for a payout batch on the Payouts page'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
  });

  it('links an approved batch-paid withdrawal to the Payouts page instead of a Pay button', async () => {
    renderOnChain([onChainRow({ ...approvedOnChain, method: 'Litecoin', coin: 'litecoin', paidInBatch: true })]);
    expect(await screen.findByRole('link', { name: 'Pay in a batch' })).toHaveAttribute('href', '/admin/payouts');
    expect(screen.queryByRole('button', { name: /^Pay the withdrawal/ })).not.toBeInTheDocument();
  });

  it('says so when there is no live rate to fix the amount at', async () => {
    const { user } = renderOnChain([onChainRow({})], {
      [approveOnChain]: { status: 409, body: { message: 'No live Ethereum price; try again shortly' } },
    });
    await user.click(await screen.findByRole('button', { name: /Approve the withdrawal/ }));
    await user.click(screen.getByRole('button', { name: 'Approve at the live rate' }));
    expect(await screen.findByText('No live Ethereum price; try again shortly')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the fixed coin amount, the pay link and QR code, and the reason a hash is refused', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const { api, user } = renderOnChain([onChainRow(approvedOnChain)], {
      [approveOnChain]: {
        status: 422,
        body: { message: 'This transaction pays 0.02 ETH, 0.03 ETH due' },
      },
    });
    expect(await screen.findByText('0.03 Ethereum at $2,000.00')).toBeInTheDocument();
    expect(screen.getByText('Approved', { selector: '.admin-badge' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay the withdrawal of $60.00 by wade@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay the withdrawal of $60.00' });
    expect(dialog).toHaveTextContent('Send exactly 0.03 Ethereum to wade@example.com at this address:');
    const link = 'ethereum:0x52908400098527886e0f7030069857d2e4169ee7?value=30000000000000000';
    expect(within(dialog).getByRole('link', { name: 'Open in a wallet to pay 0.03 Ethereum' })).toHaveAttribute(
      'href',
      link,
    );
    expect(await within(dialog).findByRole('img', { name: 'QR code to pay 0.03 Ethereum' })).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Transaction hash'), hash);
    await user.click(within(dialog).getByRole('button', { name: 'Check the payment' }));
    expect(await within(dialog).findByText('This transaction pays 0.02 ETH, 0.03 ETH due')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Transaction hash')).toHaveValue(hash);
    expect(api.writes()).toMatchObject([{ body: { txHash: hash } }]);
  });

  it('accepts a hash the chain shows paying the withdrawal', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const { user } = renderOnChain([onChainRow(approvedOnChain)], {
      [approveOnChain]: {
        status: 202,
        body: { message: 'Payment found on chain', withdrawal: onChainRow(broadcastOnChain) },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Pay the withdrawal/ }));
    await user.type(screen.getByLabelText('Transaction hash'), hash);
    await user.click(screen.getByRole('button', { name: 'Check the payment' }));
    expect(await screen.findByText('Payment found on chain; paid once confirmed')).toHaveAttribute('role', 'status');
  });

  it('links a sent payment on the explorer with its confirmations', async () => {
    renderOnChain([onChainRow(broadcastOnChain)]);
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
      'href',
      broadcastOnChain.explorerUrl,
    );
    expect(screen.getByText('4 of 12 confirmations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay the withdrawal/ })).not.toBeInTheDocument();
  });

  it('labels a withdrawal paid by hand as not checked on chain', async () => {
    renderOnChain([onChainRow({ method: 'Bitcoin', status: 'paid', txHash: '0xabc123def456' })]);
    expect(await screen.findByText('Marked paid by an admin; not checked on chain')).toBeInTheDocument();
  });
});
