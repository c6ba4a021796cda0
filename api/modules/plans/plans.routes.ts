import type { AppDeps } from '../../app-deps';
import { centsToDollars } from '../../contracts/money';
import { notFound } from '../../lib/errors';
import type { ApiRouter } from '../../lib/routing';
import { plansRepo, roiPercentage, type PlanRow } from './plans.repo';

export function presentPlan(plan: PlanRow) {
  return {
    id: plan.id,
    name: plan.name,
    roiPercentage: roiPercentage(plan),
    minDeposit: centsToDollars(Number(plan.min_cents)),
    maxDeposit: plan.max_cents === null ? null : centsToDollars(Number(plan.max_cents)),
    durationHours: plan.duration_hours,
    miner: plan.miner,
    presets: plan.presets_cents.map((cents) => centsToDollars(Number(cents))),
  };
}

export function registerPlanRoutes(api: ApiRouter, { db }: AppDeps) {
  api.add('get', '/api/plans', 'public', async (ctx) => {
    ctx.body = { plans: (await plansRepo.all(db)).map(presentPlan) };
  });

  api.add('get', '/api/plans/:id', 'public', async (ctx) => {
    const id = Number((ctx.params as { id: string }).id);
    const plan = Number.isSafeInteger(id) ? await plansRepo.byId(db, id) : undefined;
    if (!plan) throw notFound('Plan not found');
    ctx.body = presentPlan(plan);
  });
}
