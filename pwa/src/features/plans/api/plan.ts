import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Investment } from '../../../../../api/contracts/answers';
import { centsToDollarText } from '../../../../../api/contracts/money';
import type { Plan } from '../../../../../api/contracts/plans';
import { apiGet, apiPost } from '../../../lib/api-client';
import { fetchWithPublicCopy } from '../../../lib/offline/personal-copy';
import { planCopyKey } from '../../../lib/offline/copy-keys';

/** GET /api/plans/:id; 404 when unknown. */
const fetchPlan = (id: string) => apiGet<Plan>(`plans/${encodeURIComponent(id)}`);

/** One plan, from its own offline copy when offline (the catalogue keeps one per plan: lib/queries/plans.ts). */
export const planQuery = (id: string) =>
  queryOptions({
    queryKey: ['plans', id],
    queryFn: () => fetchWithPublicCopy(planCopyKey(id), () => fetchPlan(id)),
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

export const usePlan = (id: string) => useQuery(planQuery(id));

/**
 * Buys a plan from the available balance (POST /api/investments) on the terms of the version the page shows;
 * 409 'Insufficient balance', or 409 with `plan` when the terms changed since (or the plan was retired).
 */
export const buyPlanFromBalance = (plan: Pick<Plan, 'id' | 'version'>, amountCents: number) =>
  apiPost<{ investment: Investment }>('investments', {
    planId: plan.id,
    planVersion: plan.version,
    amount: centsToDollarText(amountCents),
  });
