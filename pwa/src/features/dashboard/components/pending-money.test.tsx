import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Withdrawal } from '../../../../../api/contracts/answers';
import { fakeApi } from '../../../test/fake-api';
import { approvedOnChain, broadcastOnChain, buildWithdrawal } from '../../../test/withdrawal-fixtures';
import { buildPayment, buildQuote } from '../../../test/deposit-quote-fixtures';
import { renderPageWithQuery } from '../../../test/render-page';
import { DashboardPage } from '../routes/dashboard-page';

const dashboard = {
  balances: { accountBalance: 0, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 0, totalWithdrawal: 0 },
  activePlans: [],
  referralLink: 'http://localhost:5173/referral/ADA123',
};
const deposit = (id: string, status: string, createdAt: string) => ({
  id,
  amount: 100,
  coin: 'bitcoin',
  planName: null,
  status,
  rejectReason: null,
  createdAt,
});
const withdrawal = {
  id: 'w1',
  amount: 49.5,
  method: 'USDT',
  address: 'T0',
  status: 'pending',
  txHash: null,
  rejectReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

afterEach(() => vi.useRealTimers());

describe('money in progress on the dashboard', () => {
  it('lists a pending deposit and withdrawal under the six cards (amount, coin or method, since when), linking to their history tabs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
    fakeApi({
      'GET /api/dashboard': { status: 200, body: dashboard },
      'GET /api/deposits': {
        status: 200,
        body: {
          deposits: [
            deposit('d2', 'pending', '2026-11-20T10:00:00.000Z'),
            deposit('d1', 'confirmed', '2026-11-01T10:00:00.000Z'),
          ],
        },
      },
      'GET /api/withdrawals': { status: 200, body: { withdrawals: [withdrawal] } },
      'GET /api/deposit-quotes': { status: 200, body: { quotes: [] } },
    });
    renderPageWithQuery(<DashboardPage />);
    const section = await screen.findByRole('region', { name: 'Money in progress (2)' });
    const [first, second] = within(section).getAllByRole('link');
    expect(first).toHaveTextContent('$49.50Withdrawal to USDTAwaiting payout · requested 3 hours ago');
    expect(first).toHaveAttribute('href', '/transaction?tab=withdrawal');
    expect(second).toHaveTextContent('$100.00Deposit in BitcoinAwaiting review · receipt uploaded 2 hours ago');
    expect(second).toHaveAttribute('href', '/transaction?tab=deposit');
    // The six cards keep their meaning: a pending receipt is not money received.
    expect(screen.getAllByText('$0.00')).toHaveLength(6);
  });

  it('says when nothing is waiting', async () => {
    fakeApi({
      'GET /api/dashboard': { status: 200, body: dashboard },
      'GET /api/deposits': {
        status: 200,
        body: { deposits: [deposit('d1', 'confirmed', '2026-11-01T10:00:00.000Z')] },
      },
      'GET /api/withdrawals': { status: 200, body: { withdrawals: [] } },
      'GET /api/deposit-quotes': { status: 200, body: { quotes: [] } },
    });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByText('No deposits or withdrawals are waiting.')).toBeInTheDocument();
  });

  it('lists on-chain payments still confirming, with their confirmations, linking to their quote; credited ones leave', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
    const quote = buildQuote({ id: 'q7', coin: 'litecoin', chain: 'litecoin', amount: 80 });
    fakeApi({
      'GET /api/dashboard': { status: 200, body: dashboard },
      'GET /api/deposits': { status: 200, body: { deposits: [] } },
      'GET /api/withdrawals': { status: 200, body: { withdrawals: [] } },
      'GET /api/deposit-quotes': {
        status: 200,
        body: {
          quotes: [
            {
              quote,
              payments: [
                buildPayment({
                  txHash: '0x1',
                  status: 'confirming',
                  confirmations: 3,
                  required: 6,
                  amount: 40,
                  firstSeenAt: '2026-11-20T11:30:00.000Z',
                }),
                buildPayment({ txHash: '0x2', status: 'credited', confirmations: 6, required: 6, amount: 40 }),
                buildPayment({
                  txHash: '0x3',
                  status: 'orphaned',
                  amount: null,
                  firstSeenAt: '2026-11-20T11:50:00.000Z',
                }),
              ],
            },
          ],
        },
      },
    });
    renderPageWithQuery(<DashboardPage />);
    const section = await screen.findByRole('region', { name: 'Money in progress (2)' });
    const [confirming, dropped] = within(section).getAllByRole('link');
    expect(confirming).toHaveTextContent(
      '$40.00Deposit in LitecoinConfirming: 3 of 6 · seen on the chain 30 minutes ago',
    );
    expect(confirming).toHaveAttribute('href', '/deposit-quotes/q7');
    expect(dropped).toHaveTextContent(
      '$80.00Deposit in LitecoinDropped by a reorganisation, waiting · seen on the chain 10 minutes ago',
    );
  });
});

describe("a withdrawal's steps in money in progress", () => {
  const renderWith = (withdrawals: Withdrawal[]) => {
    fakeApi({
      'GET /api/dashboard': { status: 200, body: dashboard },
      'GET /api/deposits': { status: 200, body: { deposits: [] } },
      'GET /api/withdrawals': { status: 200, body: { withdrawals } },
      'GET /api/deposit-quotes': { status: 200, body: { quotes: [] } },
    });
    renderPageWithQuery(<DashboardPage />);
  };
  const stepsIn = async (section: string) =>
    within(
      within(await screen.findByRole('region', { name: section })).getByRole('list', {
        name: 'Steps of this withdrawal',
      }),
    )
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('shows an approved withdrawal with its coin amount, still awaiting payout', async () => {
    renderWith([buildWithdrawal(approvedOnChain)]);
    const section = await screen.findByRole('region', { name: 'Money in progress (1)' });
    expect(within(section).getByRole('link')).toHaveTextContent('$60.00Withdrawal to EthereumAwaiting payout');
    expect(await stepsIn('Money in progress (1)')).toEqual([
      'Done: Requested',
      'Done: Approved: 0.03 Ethereum (1\u00a0Ethereum\u00a0=\u00a0$2,000.00)',
      'Now: Waiting for the operator to send it',
      'To come: 0 of 12 confirmations',
      'To come: Paid',
    ]);
  });

  it('keeps a withdrawal in a payout batch in progress, waiting for the operator to sign it', async () => {
    renderWith([buildWithdrawal({ ...approvedOnChain, status: 'in_batch', paidInBatch: true })]);
    expect(await stepsIn('Money in progress (1)')).toContain("Now: In a batch, waiting for the operator's signature");
  });

  it('shows a sent withdrawal confirming, with its transaction on the explorer', async () => {
    renderWith([buildWithdrawal(broadcastOnChain)]);
    const section = await screen.findByRole('region', { name: 'Money in progress (1)' });
    expect(within(section).getByText('Confirming: 4 of 12')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /View on the explorer/ })).toHaveAttribute(
      'href',
      broadcastOnChain.explorerUrl,
    );
    expect(await stepsIn('Money in progress (1)')).toContain('Now: 4 of 12 confirmations');
  });

  it('leaves out a paid withdrawal', async () => {
    renderWith([buildWithdrawal({ ...broadcastOnChain, status: 'paid', confirmations: 12 })]);
    expect(await screen.findByRole('region', { name: 'Money in progress (0)' })).toHaveTextContent(
      'No deposits or withdrawals are waiting.',
    );
  });
});
