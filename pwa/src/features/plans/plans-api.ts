import { queryOptions } from '@tanstack/react-query';
import type { Plan } from '../../../../api/contracts/plans';
import { apiGet, apiPost } from '../../lib/api-client';

export type { Plan };

/** The public plan catalogue (GET /api/plans); it changes rarely. */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: async () => (await apiGet<{ plans: Plan[] }>('plans')).plans,
    staleTime: 5 * 60_000,
    // Public data the service worker may hold: offline, still try, so a cached copy can answer.
    networkMode: 'offlineFirst',
  });

/** One plan (GET /api/plans/:id); 404 when unknown. */
export const planQuery = (id: string) =>
  queryOptions({
    queryKey: ['plans', id],
    queryFn: () => apiGet<Plan>(`plans/${encodeURIComponent(id)}`),
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

export type Investment = { id: string | number; planName: string; amount: number; expectedReturn: number; status: string; startsAt: string; maturesAt: string };

/** Buys a plan from the available balance (POST /api/investments); 409 'Insufficient balance'. */
export const buyPlanFromBalance = (planId: number, amount: string) =>
  apiPost<{ investment: Investment }>('investments', { planId, amount });
