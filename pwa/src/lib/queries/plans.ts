import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '../../../../api/contracts/plans';
import { apiGet } from '../api-client';
import { fetchWithPublicCopy, keepPublicCopies } from '../offline/personal-copy';
import { planCopyKey, PLANS_COPY } from '../offline/copy-keys';

// The plan catalogue (the plans pages, the deposit form, the dashboard): public, kept in the shared table.

const fetchPlans = async () => {
  const { plans } = await apiGet<{ plans: Plan[] }>('plans');
  // The list holds every plan's details (GET /api/plans/:id answers the same fields): each is kept as that
  // plan's own copy, so a plan never opened before still opens offline.
  await keepPublicCopies(plans.map((plan) => ({ key: planCopyKey(plan.id), data: plan })));
  return plans;
};

/** The public plan catalogue (GET /api/plans); it changes rarely. Loaded online, it keeps every plan for offline. */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: () => fetchWithPublicCopy(PLANS_COPY, fetchPlans),
    staleTime: 5 * 60_000,
    // Offline, still try once, so the copy saved on this device (Dexie, with its time) can answer.
    networkMode: 'offlineFirst',
  });
