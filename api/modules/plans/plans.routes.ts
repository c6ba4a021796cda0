import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../../app-deps';
import { createPlanSchema, planOrderSchema, updatePlanSchema } from '../../contracts/admin-plans';
import { intParam } from '../../lib/ids';
import { sendPreparedJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createPlanListCache } from './plan-list-cache';
import { presentPlan } from './plans.presenter';
import { createPlanService, planOnSale } from './plans.service';

export function registerPlanRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  const planList = createPlanListCache(
    db,
    () => performance.now(),
    () => clock.now().getTime(),
  );
  api.addPublicRead('/api/plans', async (ctx) => {
    sendPreparedJson(ctx, await planList.get());
  });

  api.add('get', '/api/plans/:id', 'public', async (ctx) => {
    ctx.body = presentPlan(await planOnSale(db, intParam(ctx.params, 'Plan not found')));
  });

  const plans = createPlanService({ db, clock });
  /** Every change is visible on this replica's next request; the others see it at their next revision check. */
  const changed = <T>(result: T) => {
    planList.forget();
    return result;
  };
  const planId = (params: unknown) => intParam(params, 'Plan not found');

  api.add('get', '/api/admin/plans', 'admin', async (ctx) => {
    ctx.body = { plans: await plans.list() };
  });

  api.add('post', '/api/admin/plans', 'admin', async (ctx) => {
    const input = parseOrThrow(createPlanSchema, ctx.request.body, 'Check the plan');
    ctx.status = 201;
    ctx.body = { plan: changed(await plans.create(ctx.state.auth!.userId, input)) };
  });

  api.add('post', '/api/admin/plans/order', 'admin', async (ctx) => {
    const { ids } = parseOrThrow(planOrderSchema, ctx.request.body);
    ctx.body = { plans: changed(await plans.order(ctx.state.auth!.userId, ids)) };
  });

  api.add('put', '/api/admin/plans/:id', 'admin', async (ctx) => {
    const id = planId(ctx.params);
    const input = parseOrThrow(updatePlanSchema, ctx.request.body, 'Check the plan');
    ctx.body = { plan: changed(await plans.edit(ctx.state.auth!.userId, id, input)) };
  });

  api.add('post', '/api/admin/plans/:id/retire', 'admin', async (ctx) => {
    ctx.body = { plan: changed(await plans.retire(ctx.state.auth!.userId, planId(ctx.params))) };
  });

  api.add('post', '/api/admin/plans/:id/reactivate', 'admin', async (ctx) => {
    ctx.body = { plan: changed(await plans.reactivate(ctx.state.auth!.userId, planId(ctx.params))) };
  });

  return { plansOnSale: planList.get };
}
