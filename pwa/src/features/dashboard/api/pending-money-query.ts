import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositQuoteResponse } from '../../../../../api/contracts/deposit-quotes';
import type { Deposit, Withdrawal } from '../../../../../api/contracts/answers';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

/** Money on its way in or out: a receipt waiting for review, or a withdrawal held until it is paid. */
export type PendingItem = {
  id: string;
  kind: 'deposit' | 'withdrawal';
  amount: number;
  via: string | null;
  since: string;
  /** A payment seen on its chain and not yet credited: its quote's page and its confirmations so far. */
  onChain?: { quoteId: string; confirmations: number; required: number; dropped: boolean };
  /** A withdrawal on its way out, for its steps (approved with its coin amount, sent, confirmations). */
  withdrawal?: Withdrawal;
};

// Until paid a withdrawal is money in progress: waiting for an admin, approved on its chain, in a batch waiting for
// the operator's signature, or sent and confirming.
const unpaidWithdrawal = new Set<Withdrawal['status']>(['pending', 'approved', 'in_batch', 'broadcast']);

const onChainItems = (quotes: DepositQuoteResponse[]): PendingItem[] =>
  quotes.flatMap(({ quote, payments }) =>
    payments
      .filter((payment) => payment.status !== 'credited')
      .map((payment) => ({
        id: `c${quote.id}:${payment.txHash}:${payment.index}`,
        kind: 'deposit' as const,
        amount: payment.amount ?? quote.amount,
        via: quote.coin,
        since: payment.firstSeenAt,
        onChain: {
          quoteId: quote.id,
          confirmations: payment.confirmations,
          required: payment.required,
          dropped: payment.status === 'orphaned',
        },
      })),
  );

/**
 * GET /api/deposits, /api/withdrawals and /api/deposit-quotes: receipts waiting for review, withdrawals not yet
 * paid and on-chain payments still confirming, oldest first; under the investor key, so money actions refresh it.
 */
export const pendingMoneyQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'pending-money'],
    queryFn: async (): Promise<PendingItem[]> => {
      const [{ deposits }, { withdrawals }, { quotes }] = await Promise.all([
        apiGet<{ deposits: Deposit[] }>('deposits'),
        apiGet<{ withdrawals: Withdrawal[] }>('withdrawals'),
        apiGet<{ quotes: DepositQuoteResponse[] }>('deposit-quotes'),
      ]);
      const items: PendingItem[] = [
        ...deposits
          .filter((row) => row.status === 'pending')
          .map((row) => ({
            id: `d${row.id}`,
            kind: 'deposit' as const,
            amount: row.amount,
            via: row.coin,
            since: row.createdAt,
          })),
        ...withdrawals
          .filter((row) => unpaidWithdrawal.has(row.status))
          .map((row) => ({
            id: `w${row.id}`,
            kind: 'withdrawal' as const,
            amount: row.amount,
            via: row.method,
            since: row.createdAt,
            withdrawal: row,
          })),
        ...onChainItems(quotes),
      ];
      return items.sort((a, b) => a.since.localeCompare(b.since));
    },
  });

export const usePendingMoney = () => useQuery(pendingMoneyQuery());
