import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminChainPayment } from './chains';

type Dated = { id: string; amount: number; status: string; createdAt: string };

export type UserDetail = {
  user: {
    id: string;
    name: string;
    email: string;
    phoneNumber: string | null;
    country: string | null;
    address: string | null;
    emailVerified: boolean;
    createdAt: string;
    referralCode: string;
    referredBy: { id: string; email: string | null } | null;
    payoutAddresses: { bitcoin: string | null; ethereum: string | null; usdt: string | null };
  };
  balances: {
    available: number;
    invested: number;
    pendingWithdrawal: number;
    totalDeposit: number;
    totalWithdrawal: number;
    totalProfit: number;
    referralBonus: number;
  };
  deposits: Array<Dated & { coin: string | null; planName: string | null; rejectReason: string | null }>;
  investments: Array<{
    id: string;
    planName: string;
    amount: number;
    expectedReturn: number;
    status: string;
    startsAt: string;
    maturesAt: string;
  }>;
  withdrawals: Array<Dated & { method: string; address: string; txHash: string | null; rejectReason: string | null }>;
  referrals: Array<{ id: string; name: string; email: string; joinedAt: string; bonus: number }>;
  sessions: Array<{ createdAt: string; expiresAt: string }>;
  /** The investor's on-chain payments, newest first (absent from an older API). */
  chainDeposits?: AdminChainPayment[];
};

/** GET /api/admin/users/:id: one investor, balances read from the ledger. */
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: () => apiGet<UserDetail>(`admin/users/${encodeURIComponent(id)}`),
  });

/** POST /api/admin/users/:id/reset-password: the new password; every session of the investor ends. */
export const setInvestorPassword = (id: string, newPassword: string) =>
  apiPost<{ message: string }>(`admin/users/${encodeURIComponent(id)}/reset-password`, { newPassword });

/** POST /api/admin/users/:id/end-sessions: signs the investor out everywhere; how many sessions ended. */
export const endInvestorSessions = (id: string) =>
  apiPost<{ message: string; ended: number }>(`admin/users/${encodeURIComponent(id)}/end-sessions`);
