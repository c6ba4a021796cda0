import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlan } from '../../../../../api/contracts/plans';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type { AdminPlan };

/** What the plan form sends: amounts and percentages as typed, checked by the API's shared schema. */
export type PlanDraft = {
  name: string;
  names: Record<string, string>;
  amountLabel: string;
  description: string;
  descriptions: Record<string, string>;
  roiPercent: string;
  minDeposit: string;
  maxDeposit: string;
  durationHours: number;
  miner: boolean;
  presets: string[];
};

const plansKey = [...adminKeys.all, 'plans'] as const;

/** GET /api/admin/plans: every plan in catalogue order, with its state, active investments and the money in them. */
export const adminPlansQuery = () =>
  queryOptions({
    queryKey: plansKey,
    queryFn: async () => (await apiGet<{ plans: AdminPlan[] }>('admin/plans')).plans,
  });

export const useAdminPlans = () => useQuery(adminPlansQuery());

type Answer = { plan: AdminPlan };
const planPath = (id: number, action = '') => `admin/plans/${id}${action}`;

/** POST /api/admin/plans → 201 {plan}, on sale at the end of the order. */
export const createPlan = (draft: PlanDraft) => apiPost<Answer>('admin/plans', draft);

/** PUT /api/admin/plans/:id with the version the form was loaded at; 409 {message, plan} when it is stale. */
export const updatePlan = (id: number, version: number, draft: PlanDraft) =>
  apiPut<Answer>(planPath(id), { ...draft, version });

export const retirePlan = (id: number) => apiPost<Answer>(planPath(id, '/retire'));
export const reactivatePlan = (id: number) => apiPost<Answer>(planPath(id, '/reactivate'));

/** POST /api/admin/plans/order: every plan's id in the new order. */
export const orderPlans = (ids: number[]) => apiPost<{ plans: AdminPlan[] }>('admin/plans/order', { ids });
