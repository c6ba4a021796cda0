import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { intParam } from '../../lib/ids';
import { cachedPreparedJson, sendPreparedJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { presentPlan } from './plans.presenter';
import { plansRepo } from './plans.repo';

// Plans change only by migration (or by hand): re-read once a minute, not on every visit.
const planListTtlMs = 60_000;

export function registerPlanRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  const planList = cachedPreparedJson(
    async () => ({ plans: (await plansRepo.all(db)).map(presentPlan) }),
    planListTtlMs,
    () => clock.now().getTime(),
  );
  api.addPublicRead('/api/plans', async (ctx) => {
    sendPreparedJson(ctx, await planList());
  });

  api.add('get', '/api/plans/:id', 'public', async (ctx) => {
    const plan = await plansRepo.byId(db, intParam(ctx.params, 'Plan not found'));
    if (!plan) throw notFound('Plan not found');
    ctx.body = presentPlan(plan);
  });
}
