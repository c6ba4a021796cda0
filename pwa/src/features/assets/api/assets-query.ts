import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvestorAssets } from '../../../../../api/contracts/answers';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

export type Holdings = InvestorAssets['holdings'];

const fetchAssets = () => apiGet<InvestorAssets>('assets');

/** GET /api/assets; under the investor key, so every money action and sign-out refreshes or forgets it. */
export const assetsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'assets'],
    queryFn: fetchAssets,
  });

export const useAssets = () => useQuery(assetsQuery());
