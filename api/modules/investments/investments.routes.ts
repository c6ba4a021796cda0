import type { AppDeps } from '../../app-deps';
import { buyPlanSchema } from '../../contracts/investments';
import { idempotentTransaction } from '../../lib/idempotent-route';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentInvestment } from './investments.presenter';
import { buyPlan, investorInvestments } from './investments.service';

export function registerInvestmentRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  // A purchase retried with its Idempotency-Key (a lost answer, a replica gone) buys once.
  api.add(
    'post',
    '/api/investments',
    'investor',
    idempotentTransaction({ scope: 'buy-plan', db, clock }, async (ctx, trx) => {
      const input = parseOrThrow(buyPlanSchema, ctx.request.body);
      const created = await buyPlan(trx, ctx.state.auth!.userId, input, clock.now());
      ctx.status = 201;
      ctx.body = { investment: presentInvestment(created) };
    }),
  );

  api.add('get', '/api/investments', 'investor', async (ctx) => {
    ctx.body = { investments: (await investorInvestments(db, ctx.state.auth!.userId)).map(presentInvestment) };
  });
}
