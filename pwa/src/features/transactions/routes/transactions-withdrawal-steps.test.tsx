import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../../../api/contracts/answers';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { approvedOnChain, broadcastOnChain, buildWithdrawal } from '../../../test/withdrawal-fixtures';
import { TransactionsPage } from './transactions-page';

/** The withdrawal tab's one row, as GET /api/transactions answers it, and the withdrawal behind it. */
function renderWithdrawal(withdrawal: Withdrawal) {
  const row = {
    id: withdrawal.id,
    date: withdrawal.createdAt,
    type: `Withdrawal (${withdrawal.method})`,
    via: withdrawal.method,
    status: withdrawal.status,
    amount: withdrawal.amount,
  };
  fakeApi({
    'GET /api/transactions': { status: 200, body: { items: [row], total: 1, page: 1, pageSize: 5 } },
    'GET /api/withdrawals': { status: 200, body: { withdrawals: [withdrawal] } },
  });
  renderPageWithQuery(<TransactionsPage />, { route: '/transaction?tab=withdrawal' });
}

const steps = async () =>
  within(await screen.findByRole('list', { name: 'Steps of this withdrawal' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("the withdrawal tab's steps", () => {
  it('shows an approved withdrawal with its coin amount, waiting to be sent', async () => {
    renderWithdrawal(buildWithdrawal(approvedOnChain));
    expect(await steps()).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum (1\u00a0Ethereum\u00a0=\u00a0$2,000.00)',
      'Now: Waiting for the operator to send it',
      'To come: 0 of 12 confirmations',
      'To come: Paid',
    ]);
    expect(screen.getByText('Approved')).toHaveClass('status-badge--approved');
  });

  it('names a withdrawal in a payout batch as waiting for the operator to sign it', async () => {
    renderWithdrawal(buildWithdrawal({ ...approvedOnChain, status: 'in_batch', paidInBatch: true }));
    expect(await steps()).toContain("Now: In a batch, waiting for the operator's signature");
    expect(screen.getByText('In a batch')).toHaveClass('status-badge--in_batch');
  });

  it('links a sent withdrawal on the explorer and counts its confirmations', async () => {
    renderWithdrawal(buildWithdrawal(broadcastOnChain));
    expect(await steps()).toContain('Now: 4 of 12 confirmations');
    expect(screen.getByText('Sent', { selector: '.status-badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on the explorer/ })).toHaveAttribute(
      'href',
      broadcastOnChain.explorerUrl,
    );
  });

  it('says a withdrawal marked paid by hand was not checked on chain', async () => {
    renderWithdrawal(buildWithdrawal({ status: 'paid', txHash: '0xabc123def456' }));
    expect(await screen.findByText('Marked paid by an admin; not checked on chain')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toHaveClass('status-badge--paid');
  });
});
