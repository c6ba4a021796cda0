import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundHold, KycLimitTable } from '../../../../../api/contracts/kyc-limits';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type { FundHold, KycLimitTable };

/** GET /api/admin/kyc-limits: each identity level's limits in dollars per 30 days. */
export const kycLimitsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'kyc-limits'],
    queryFn: async () => (await apiGet<{ limits: KycLimitTable }>('admin/kyc-limits')).limits,
  });
export const useKycLimits = () => useQuery(kycLimitsQuery());

/** PUT /api/admin/kyc-limits: both levels at once, in dollars (as typed). */
export const saveKycLimits = (limits: {
  level0: { deposit: string; withdrawal: string };
  level1: { deposit: string; withdrawal: string };
}) => apiPut<{ message: string; limits: KycLimitTable }>('admin/kyc-limits', limits);

/** GET /api/admin/users/:id/fund-holds: the investor's held deposits, released ones included. */
export const userFundHoldsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(userId), 'fund-holds'],
    queryFn: async () => (await apiGet<{ holds: FundHold[] }>(`admin/users/${userId}/fund-holds`)).holds,
  });
export const useUserFundHolds = (userId: string) => useQuery(userFundHoldsQuery(userId));

/** POST /api/admin/fund-holds/:id/release {note}: 409 when already released (or a sanctions hold). */
export const releaseFundHold = (id: string, note: string) =>
  apiPost<{ message: string; hold: FundHold }>(`admin/fund-holds/${id}/release`, { note });
