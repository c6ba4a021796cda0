import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import arabicFunds from '../../../../locales/ar/funds.json';
import { i18n } from '../../lib/i18n/i18n';
import type { Withdrawal } from '../../../../api/contracts/answers';
import { approvedOnChain, broadcastOnChain, buildWithdrawal } from '../../test/withdrawal-fixtures';
import { WithdrawalSteps } from './withdrawal-steps';

const steps = (overrides: Partial<Withdrawal>) => {
  render(<WithdrawalSteps withdrawal={buildWithdrawal(overrides)} />);
  return within(screen.getByRole('list', { name: 'Steps of this withdrawal' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

const txid = broadcastOnChain.txid!;
const shortTxid = `${txid.slice(0, 10)}…${txid.slice(-6)}`;

describe('WithdrawalSteps', () => {
  it('waits for approval once requested on a chain', () => {
    expect(steps({ payableOnChain: true })).toEqual([
      'Done: Requested',
      'Now: Waiting for approval',
      'To come: Sent',
      'To come: Confirmations',
      'To come: Paid',
    ]);
  });

  it('names the coin amount and the rate fixed at approval, then waits for the operator to send it', () => {
    expect(steps(approvedOnChain)).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum (1\u00a0Ethereum\u00a0=\u00a0$2,000.00)',
      'Now: Waiting for the operator to send it',
      'To come: 0 of 12 confirmations',
      'To come: Paid',
    ]);
  });

  it('waits for the next payout batch on a UTXO chain, then for the operator to sign the batch', () => {
    const utxo = { ...approvedOnChain, coin: 'bitcoin', coinAmount: '0.00083', rate: '60240.5', required: 3 };
    expect(steps({ ...utxo, paidInBatch: true })[2]).toBe('Now: Waiting for the next payout batch');
    cleanup();
    expect(steps({ ...utxo, paidInBatch: true, status: 'in_batch' })).toEqual([
      'Done: Requested',
      'Done: Approved: 0.00083 Bitcoin (1\u00a0Bitcoin\u00a0=\u00a0$60,240.50)',
      "Now: In a batch, waiting for the operator's signature",
      'To come: 0 of 3 confirmations',
      'To come: Paid',
    ]);
  });

  it('links the transaction on the explorer, offers to copy it whole and counts its confirmations', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(steps(broadcastOnChain)).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum (1\u00a0Ethereum\u00a0=\u00a0$2,000.00)',
      `Done: Sent · ${shortTxid} View on the explorer`,
      'Now: 4 of 12 confirmations',
      'To come: Paid',
    ]);
    const link = screen.getByRole('link', { name: /View on the explorer/ });
    expect(link).toHaveTextContent(shortTxid);
    expect(link).toHaveAttribute('href', broadcastOnChain.explorerUrl);
    expect(link).toHaveAttribute('title', txid);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the transaction ID' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    expect(writeText).toHaveBeenCalledWith(txid);
  });

  it('shows the transaction without a link where the chain has no explorer', () => {
    steps({ ...broadcastOnChain, explorerUrl: null });
    expect(screen.getByText(shortTxid)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('is all done once paid on chain', () => {
    expect(steps({ ...broadcastOnChain, status: 'paid', confirmations: 15 })).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum (1\u00a0Ethereum\u00a0=\u00a0$2,000.00)',
      `Done: Sent · ${shortTxid} View on the explorer`,
      'Done: 12 of 12 confirmations',
      'Done: Paid',
    ]);
  });

  it('says a coin with no chain is paid by an admin by hand, and once paid that nothing was checked on chain', () => {
    const { unmount } = render(<WithdrawalSteps withdrawal={buildWithdrawal()} />);
    expect(screen.getByText('Paid by an admin by hand; not checked on chain')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();
    render(<WithdrawalSteps withdrawal={buildWithdrawal({ status: 'paid', txHash: '0xabc123def456' })} />);
    expect(screen.getByText('Marked paid by an admin; not checked on chain')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows nothing for a rejected withdrawal, whose status and reason say it', () => {
    const { container } = render(<WithdrawalSteps withdrawal={buildWithdrawal({ status: 'rejected' })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('WithdrawalSteps in Arabic', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('keeps the coin amount and the rate left-to-right units inside the right-to-left step', async () => {
    i18n.addResourceBundle('ar', 'funds', arabicFunds, true, true);
    await i18n.changeLanguage('ar');
    render(<WithdrawalSteps withdrawal={buildWithdrawal(approvedOnChain)} />);
    const list = screen.getByRole('list', { name: 'خطوات هذا السحب' });
    expect(within(list).getByText(/تمت الموافقة: /)).toHaveTextContent(
      'تمت الموافقة: \u20680.03 Ethereum\u2069 (\u20681 Ethereum = \u2066\u200f2,000.00 US$\u2069\u2069)',
    );
  });
});
