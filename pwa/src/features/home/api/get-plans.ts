import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '../../../../../api/contracts/plans';
import { apiGet } from '../../../lib/api-client';
import { fetchWithOfflineCopy } from '../../../lib/offline/public-copy';
import { servedInitialCopy } from '../../../lib/served-answers';
import { useResultAsRendered } from '../../../lib/hydration/use-hydrating';

export type { Plan } from '../../../../../api/contracts/plans';

export const getPlans = () => fetchWithOfflineCopy('plans', () => apiGet<{ plans: Plan[] }>('plans'));

export const plansQuery = () =>
  queryOptions({
    queryKey: ['landing-plans'],
    queryFn: getPlans,
    staleTime: 5 * 60_000,
    ...servedInitialCopy<{ plans: Plan[] }>('plans'),
  });

export function usePlans() {
  return useResultAsRendered(useQuery(plansQuery()));
}
