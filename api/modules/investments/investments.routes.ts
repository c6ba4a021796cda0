import type { AppDeps } from '../../app-deps';
import { buyPlanSchema } from '../../contracts/investments';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentInvestment } from './investments.presenter';
import { buyPlan, investorInvestments } from './investments.service';

export function registerInvestmentRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  api.add('post', '/api/investments', 'investor', async (ctx) => {
    const input = parseOrThrow(buyPlanSchema, ctx.request.body);
    const created = await buyPlan(db, ctx.state.auth!.userId, input, clock.now());
    ctx.status = 201;
    ctx.body = { investment: presentInvestment(created) };
  });

  api.add('get', '/api/investments', 'investor', async (ctx) => {
    ctx.body = { investments: (await investorInvestments(db, ctx.state.auth!.userId)).map(presentInvestment) };
  });
}
