import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type CountAndAmount = { count: number; amount: number };

/** GET /api/admin/stats: every figure read from the database and the ledger; dollars as numbers. */
export type AdminStats = {
  users: number;
  deposits: { pending: CountAndAmount; confirmed: CountAndAmount };
  withdrawals: { pending: CountAndAmount; paid: CountAndAmount };
  fundsHeld: number;
  returnsDueIn24h: CountAndAmount;
};

export const statsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: () => apiGet<AdminStats>('admin/stats') });

export type DailyFlow = { date: string; deposits: CountAndAmount; withdrawals: CountAndAmount };

/** GET /api/admin/stats/daily: confirmed deposits and paid withdrawals per UTC day, oldest first. */
export const dailyFlowsQuery = (days = 30) =>
  queryOptions({
    queryKey: [...adminKeys.daily, days],
    queryFn: async () => (await apiGet<{ days: DailyFlow[] }>('admin/stats/daily', { searchParams: { days } })).days,
  });

/** The figures the shell's menu badges show, refreshed while the panel is open. */
export const pendingBadgesQuery = () => ({ ...statsQuery(), refetchInterval: 30_000 });
