import type { AppDeps } from '../../app-deps';
import { buyPlanSchema } from '../../contracts/investments';
import { idempotentTransaction } from '../../lib/idempotent-route';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentInvestment } from './investments.presenter';
import { buyPlan, investorInvestments } from './investments.service';
import { readableAddress } from '../../lib/readable-address';
import { recordTermsAcceptance, requireCurrentTerms } from '../terms/terms.api';

export function registerInvestmentRoutes(api: ApiRouter, { db, clock, config }: AppDeps) {
  // A purchase retried with its Idempotency-Key (a lost answer, a replica gone) buys once.
  api.add(
    'post',
    '/api/investments',
    'investor',
    idempotentTransaction({ scope: 'buy-plan', db, clock }, async (ctx, trx) => {
      const input = parseOrThrow(buyPlanSchema, ctx.request.body);
      const userId = ctx.state.auth!.userId;
      await requireCurrentTerms(trx, config, userId);
      const created = await buyPlan(trx, userId, input, clock.now());
      // The purchase keeps the terms version and the plan version the investor accepted, in its transaction.
      await recordTermsAcceptance(trx, config, {
        userId,
        context: 'plan_purchase',
        at: clock.now(),
        ip: readableAddress(ctx.ip),
        // buyPlan sold it on the version the page showed (else 409 with the new terms).
        planId: input.planId,
        planVersion: input.planVersion,
      });
      ctx.status = 201;
      ctx.body = { investment: presentInvestment(created) };
    }),
  );

  api.add('get', '/api/investments', 'investor', async (ctx) => {
    ctx.body = { investments: (await investorInvestments(db, ctx.state.auth!.userId)).map(presentInvestment) };
  });
}
