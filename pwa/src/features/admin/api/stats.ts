import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminStats, CountAndAmount, DailyFlows } from '../../../../../api/contracts/answers';

export type { CountAndAmount, AdminStats };

export const statsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: () => apiGet<AdminStats>('admin/stats') });

export const useAdminStats = () => useQuery(statsQuery());

export type DailyFlow = DailyFlows['days'][number];

/** GET /api/admin/stats/daily: confirmed deposits and paid withdrawals per UTC day, oldest first. */
export const dailyFlowsQuery = (days = 30) =>
  queryOptions({
    queryKey: [...adminKeys.daily, days],
    queryFn: async () => (await apiGet<DailyFlows>('admin/stats/daily', { searchParams: { days } })).days,
  });

export const useDailyFlows = (days?: number) => useQuery(dailyFlowsQuery(days));

/** The figures the shell's menu badges show, refreshed while the panel is open. */
export const pendingBadgesQuery = () => ({ ...statsQuery(), refetchInterval: 30_000 });

/** Only once `enabled`: the shell asks after the admin's own check has answered. */
export const usePendingBadges = (enabled: boolean) => useQuery({ ...pendingBadgesQuery(), enabled });
