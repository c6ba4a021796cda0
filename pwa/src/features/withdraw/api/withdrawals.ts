import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalMethod } from '../../../../../api/contracts/answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

const fetchWithdrawals = async () => (await apiGet<{ withdrawals: Withdrawal[] }>('withdrawals')).withdrawals;

/** Under the investor key, so invalidateInvestorData refreshes it after any money action. */
export const withdrawalsQuery = () =>
  queryOptions({ queryKey: [...investorQueryKeys.all, 'withdrawals'], queryFn: fetchWithdrawals });

export const useWithdrawals = () => useQuery(withdrawalsQuery());

/** POST /api/withdrawals: the amount is held at once; 409 'Insufficient balance', 400 when no payout address. */
export const requestWithdrawal = (amount: string, method: WithdrawalMethod, code?: string) =>
  apiPost<{ withdrawal: Withdrawal }>('withdrawals', { amount, method, ...(code && { code }) });
