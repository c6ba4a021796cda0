import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/investor-queries';

type Deposit = { id: string; amount: number; coin: string | null; status: string; createdAt: string };
type Withdrawal = { id: string; amount: number; method: string; status: string; createdAt: string };

/** Money on its way in or out: a receipt waiting for review, or a withdrawal held until it is paid. */
export type PendingItem = {
  id: string;
  kind: 'deposit' | 'withdrawal';
  amount: number;
  via: string | null;
  since: string;
};

/** GET /api/deposits and /api/withdrawals, their pending rows oldest first; under the investor key, so money actions refresh it. */
export const pendingMoneyQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'pending-money'],
    queryFn: async (): Promise<PendingItem[]> => {
      const [{ deposits }, { withdrawals }] = await Promise.all([
        apiGet<{ deposits: Deposit[] }>('deposits'),
        apiGet<{ withdrawals: Withdrawal[] }>('withdrawals'),
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
          .filter((row) => row.status === 'pending')
          .map((row) => ({
            id: `w${row.id}`,
            kind: 'withdrawal' as const,
            amount: row.amount,
            via: row.method,
            since: row.createdAt,
          })),
      ];
      return items.sort((a, b) => a.since.localeCompare(b.since));
    },
  });

export const usePendingMoney = () => useQuery(pendingMoneyQuery());
