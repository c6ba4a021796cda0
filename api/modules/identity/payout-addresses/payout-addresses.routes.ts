import { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import { safeString } from '../../../contracts/input-rules';
import type { ApiRouter } from '../../../lib/routing';
import { parseOrThrow } from '../../../lib/validate';
import { createPayoutAddressService, payoutKinds } from './payout-addresses.service';

const confirmSchema = z.object({ token: safeString().min(20).max(200) });
const kindSchema = z.object({ kind: z.enum(payoutKinds) });

export function registerPayoutAddressRoutes(api: ApiRouter, deps: AppDeps) {
  const payoutAddresses = createPayoutAddressService(deps);

  api.add('get', '/api/payout-addresses', 'investor', async (ctx) => {
    ctx.body = {
      addresses: await payoutAddresses.overview(ctx.state.auth!.userId),
      holdHours: deps.config.env.PAYOUT_ADDRESS_HOLD_HOURS,
    };
  });

  // No code asked: cancelling only keeps the address already in force, the safe side.
  api.add('delete', '/api/payout-addresses/pending/:kind', 'investor', async (ctx) => {
    const { kind } = parseOrThrow(kindSchema, ctx.params);
    await payoutAddresses.cancel(ctx.state.auth!.userId, kind);
    ctx.body = { message: 'Payout address change cancelled' };
  });

  // Public: the link may be opened on another device than the one that asked for the change.
  api.add('post', '/api/payout-addresses/confirm', 'public', async (ctx) => {
    const { token } = parseOrThrow(confirmSchema, ctx.request.body);
    await deps.rateLimit('reset', ctx);
    await payoutAddresses.confirm(token);
    ctx.body = { message: 'Payout address change confirmed', holdHours: deps.config.env.PAYOUT_ADDRESS_HOLD_HOURS };
  });
}
