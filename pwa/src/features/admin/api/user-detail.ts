import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChainPayment, InvestorDetail } from '../../../../../api/contracts/answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The investor's detail and, from the chain watchers, their on-chain payments, newest first (absent from an older API). */
export type UserDetail = InvestorDetail & { chainDeposits?: AdminChainPayment[] };

/** GET /api/admin/users/:id: one investor, balances read from the ledger. */
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: () => apiGet<UserDetail>(`admin/users/${encodeURIComponent(id)}`),
  });

export const useUserDetail = (id: string) => useQuery(userDetailQuery(id));

/** POST /api/admin/users/:id/reset-password: the new password; every session of the investor ends. */
export const setInvestorPassword = (id: string, newPassword: string) =>
  apiPost<{ message: string }>(`admin/users/${encodeURIComponent(id)}/reset-password`, { newPassword });

/** POST /api/admin/users/:id/end-sessions: signs the investor out everywhere; how many sessions ended. */
export const endInvestorSessions = (id: string) =>
  apiPost<{ message: string; ended: number }>(`admin/users/${encodeURIComponent(id)}/end-sessions`);

/** POST /api/admin/users/:id/resend-verification: a new code mailed to the investor; 409 once their e-mail is verified. */
export const resendInvestorVerification = (id: string) =>
  apiPost<{ message: string; expiresInMinutes: number }>(`admin/users/${encodeURIComponent(id)}/resend-verification`);
