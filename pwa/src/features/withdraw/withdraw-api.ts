import { queryOptions } from '@tanstack/react-query';
import type { withdrawalMethods } from '../../../../api/contracts/investments';
import { apiGet, apiPost } from '../../lib/api-client';
import { investorQueryKeys } from '../../lib/investor-queries';

export type WithdrawalMethod = (typeof withdrawalMethods)[number];

export type Withdrawal = {
  id: string;
  amount: number;
  method: WithdrawalMethod;
  address: string;
  status: 'pending' | 'paid' | 'rejected';
  txHash: string | null;
  rejectReason: string | null;
  createdAt: string;
};

/** Under the investor key, so invalidateInvestorData refreshes it after any money action. */
export const withdrawalsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'withdrawals'],
    queryFn: async () => (await apiGet<{ withdrawals: Withdrawal[] }>('withdrawals')).withdrawals,
  });

/** POST /api/withdrawals: the amount is held at once; 409 'Insufficient balance', 400 when no payout address. */
export const requestWithdrawal = (amount: string, method: WithdrawalMethod, code?: string) =>
  apiPost<{ withdrawal: Withdrawal }>('withdrawals', { amount, method, ...(code && { code }) });
