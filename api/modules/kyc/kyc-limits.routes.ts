import type { AppDeps } from '../../app-deps';
import { kycLimitsUpdateSchema, releaseHoldSchema } from '../../contracts/kyc-limits';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentFundHold } from './kyc-limits.presenter';
import { limitsForDesk, updateKycLimits } from './kyc-limit-settings.service';
import { holdsOf, releaseHoldByAdmin } from './kyc-limits.service';

/** Held money (investor and admin) and the limits per identity level (admin), issue 37. */
export function registerKycLimitRoutes(api: ApiRouter, deps: AppDeps) {
  const { db } = deps;

  api.add('get', '/api/fund-holds', 'investor', async (ctx) => {
    const holds = await holdsOf(db, ctx.state.auth!.userId);
    ctx.body = { holds: holds.map(presentFundHold) };
  });

  api.add('get', '/api/admin/users/:id/fund-holds', 'admin', async (ctx) => {
    const holds = await holdsOf(db, uuidParam(ctx.params, 'User not found'));
    ctx.body = { holds: holds.map(presentFundHold) };
  });

  api.add('post', '/api/admin/fund-holds/:id/release', 'admin', async (ctx) => {
    const { note } = parseOrThrow(releaseHoldSchema, ctx.request.body);
    const hold = await releaseHoldByAdmin(
      db,
      deps,
      ctx.state.auth!.userId,
      uuidParam(ctx.params, 'Hold not found'),
      note,
    );
    ctx.body = { message: 'Released to the investor’s available balance', hold: presentFundHold(hold) };
  });

  api.add('get', '/api/admin/kyc-limits', 'admin', async (ctx) => {
    ctx.body = { limits: await limitsForDesk(db, deps) };
  });

  api.add('put', '/api/admin/kyc-limits', 'admin', async (ctx) => {
    const input = parseOrThrow(kycLimitsUpdateSchema, ctx.request.body);
    ctx.body = { message: 'Limits saved', limits: await updateKycLimits(db, deps, ctx.state.auth!.userId, input) };
  });
}
