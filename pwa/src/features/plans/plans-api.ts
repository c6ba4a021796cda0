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

/** Buys a plan from the available balance (POST /api/investments); 409 'Insufficient balance'. */
export const buyPlanFromBalance = (planId: number, amount: string) =>
  apiPost<{ investment: Investment }>('investments', { planId, amount });
