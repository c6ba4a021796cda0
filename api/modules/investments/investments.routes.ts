import type { AppDeps } from '../../app-deps';
import { buyPlanSchema } from '../../contracts/investments';
import { centsToDollars } from '../../contracts/money';
import { badRequest } from '../../lib/errors';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { plansRepo } from '../plans/plans.repo';
import { buyFromBalance } from './investments.service';

export interface InvestmentView {
  id: string;
  plan_name: string;
  amount_cents: number;
  expected_return_cents: number;
  status: string;
  starts_at: Date;
  matures_at: Date;
}

export const investmentsOf = (db: AppDeps['db'], userId: string) =>
  db('investments as i')
    .join('plans as p', 'p.id', 'i.plan_id')
    .where('i.user_id', userId)
    .orderBy('i.starts_at', 'desc')
    .select<InvestmentView[]>('i.id', 'p.name as plan_name', 'i.amount_cents', 'i.expected_return_cents', 'i.status', 'i.starts_at', 'i.matures_at');

export function presentInvestment(row: InvestmentView) {
  return {
    id: row.id,
    planName: row.plan_name,
    amount: centsToDollars(Number(row.amount_cents)),
    expectedReturn: centsToDollars(Number(row.expected_return_cents)),
    status: row.status,
    startsAt: new Date(row.starts_at).toISOString(),
    maturesAt: new Date(row.matures_at).toISOString(),
  };
}

export function registerInvestmentRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  api.add('post', '/api/investments', 'investor', async (ctx) => {
    const input = parseOrThrow(buyPlanSchema, ctx.request.body);
    const plan = await plansRepo.byId(db, input.planId);
    if (!plan) throw badRequest('Unknown plan', { planId: 'Choose one of the plans' });
    const userId = ctx.state.auth!.userId;
    const id = await buyFromBalance(db, userId, plan, input.amount, clock.now());
    const created = (await investmentsOf(db, userId).where('i.id', id))[0]!;
    ctx.status = 201;
    ctx.body = { investment: presentInvestment(created) };
  });

  api.add('get', '/api/investments', 'investor', async (ctx) => {
    ctx.body = { investments: (await investmentsOf(db, ctx.state.auth!.userId)).map(presentInvestment) };
  });
}
