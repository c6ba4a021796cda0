import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/investor-queries';

export type Holdings = { available: number; invested: number; pendingWithdrawal: number; total: number };
export type Investment = {
  id: string | number;
  planName: string;
  amount: number;
  expectedReturn: number;
  status: 'active' | 'matured' | string;
  startsAt: string;
  maturesAt: string;
};
export type Assets = { holdings: Holdings; investments: Investment[] };

/** GET /api/assets; under the investor key, so every money action and sign-out refreshes or forgets it. */
export const assetsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'assets'],
    queryFn: () => apiGet<Assets>('assets'),
  });

export const useAssets = () => useQuery(assetsQuery());
