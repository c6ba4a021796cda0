import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '../../../../api/contracts/plans';
import { apiGet } from '../../lib/api-client';

export type { Plan };

/** GET /api/plans, under the same key the plans pages use, so the catalogue is fetched once. */
export const depositPlansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: async () => (await apiGet<{ plans: Plan[] }>('plans')).plans,
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

/** The plan whose deposit range holds the amount (the ranges do not overlap), if any. */
export function planForAmount(plans: Plan[], amountCents: number): Plan | undefined {
  return plans.find((plan) => amountCents >= plan.minDeposit * 100 && (plan.maxDeposit === null || amountCents <= plan.maxDeposit * 100));
}
