import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('WithdrawalSteps', () => {
  it('waits for approval once requested', () => {
    expect(steps({})).toEqual([
      'Done: Requested',
      'Now: Approved',
      'To come: Sent',
      'To come: Confirmations',
      'To come: Paid',
    ]);
  });

  it('names the coin amount fixed at approval', () => {
    expect(steps(approvedOnChain)).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum',
      'Now: Sent',
      'To come: Confirmations: 0 of 12',
      'To come: Paid',
    ]);
  });

  it('links the payment on the explorer and counts its confirmations', () => {
    expect(steps(broadcastOnChain)).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum',
      'Done: Sent · View on the explorer',
      'Now: Confirmations: 4 of 12',
      'To come: Paid',
    ]);
    expect(screen.getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
      'href',
      broadcastOnChain.explorerUrl,
    );
  });

  it('is all done once paid on chain', () => {
    expect(steps({ ...broadcastOnChain, status: 'paid', confirmations: 12 })).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum',
      'Done: Sent · View on the explorer',
      'Done: Confirmations: 12 of 12',
      'Done: Paid',
    ]);
  });

  it('says a withdrawal marked paid by hand was not checked on chain', () => {
    render(<WithdrawalSteps withdrawal={buildWithdrawal({ status: 'paid', txHash: '0xabc123def456' })} />);
    expect(screen.getByText('Marked paid by an admin; not checked on chain')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('WithdrawalSteps in Arabic', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('keeps the coin amount one left-to-right unit inside the right-to-left step', async () => {
    i18n.addResourceBundle('ar', 'funds', arabicFunds, true, true);
    await i18n.changeLanguage('ar');
    render(<WithdrawalSteps withdrawal={buildWithdrawal(approvedOnChain)} />);
    const list = screen.getByRole('list', { name: 'خطوات هذا السحب' });
    expect(within(list).getByText(/تمت الموافقة: /)).toHaveTextContent('تمت الموافقة: \u20680.03 Ethereum\u2069');
  });
});
