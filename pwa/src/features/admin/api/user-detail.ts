import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

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
};

/** GET /api/admin/users/:id: one investor, balances read from the ledger. */
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: () => apiGet<UserDetail>(`admin/users/${encodeURIComponent(id)}`),
  });
