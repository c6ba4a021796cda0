import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const withdrawalFilters = ['pending', 'paid', 'rejected', 'all'] as const;
export type WithdrawalFilter = (typeof withdrawalFilters)[number];

export type AdminWithdrawal = {
  id: string;
  user: { id: string; email: string };
  amount: number;
  method: string;
  address: string;
  status: 'pending' | 'paid' | 'rejected';
  createdAt: string;
  /** The investor's available balance now (the withdrawn amount is already held apart). */
  availableBalance: number;
  txHash: string | null;
  rejectReason: string | null;
};

/** GET /api/admin/withdrawals[?status=], newest first. */
export const adminWithdrawalsQuery = (filter: WithdrawalFilter) =>
  queryOptions({
    queryKey: [...adminKeys.withdrawals, filter],
    queryFn: () =>
      apiGet<AdminWithdrawal[]>('admin/withdrawals', filter === 'all' ? {} : { searchParams: { status: filter } }),
  });

/** Marks it paid with the payment's transaction hash; a second decision → 409. */
export const approveWithdrawal = (id: string, txHash: string) =>
  apiPost<{ message: string }>(`admin/withdrawals/${encodeURIComponent(id)}/approve`, { txHash });

/** Rejects it; the held amount goes back to the investor's available balance. */
export const rejectWithdrawal = (id: string, reason: string) =>
  apiPost<{ message: string }>(`admin/withdrawals/${encodeURIComponent(id)}/reject`, { reason });
