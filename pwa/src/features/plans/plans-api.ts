import type { Plan } from '../../../../api/contracts/plans';
import { apiPost } from '../../lib/api-client';

export type { Plan };

export type Investment = {
  id: string | number;
  planName: string;
  amount: number;
  expectedReturn: number;
  status: string;
  startsAt: string;
  maturesAt: string;
};

/**
 * Buys a plan from the available balance (POST /api/investments) on the terms of the version the page shows;
 * 409 'Insufficient balance', or 409 with `plan` when the terms changed since (or the plan was retired).
 */
export const buyPlanFromBalance = (plan: Pick<Plan, 'id' | 'version'>, amount: string) =>
  apiPost<{ investment: Investment }>('investments', { planId: plan.id, planVersion: plan.version, amount });
