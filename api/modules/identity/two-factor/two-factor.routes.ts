import type { AppDeps } from '../../../app-deps';
import { disableTwoFactorSchema, enableTwoFactorSchema } from '../../../contracts/two-factor';
import type { ApiRouter } from '../../../lib/routing';
import { parseOrThrow } from '../../../lib/validate';
import { createTwoFactorService } from './two-factor.service';

export function registerTwoFactorRoutes(api: ApiRouter, deps: AppDeps) {
  const { rateLimit } = deps;
  const twoFactor = createTwoFactorService(deps);
  api.add('get', '/api/2fa', 'signed-in', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    ctx.body = await twoFactor.status(userId);
  });

  // The secret goes only to its owner, in this answer; it is never logged (the access log has the path only).
  api.add('post', '/api/2fa/setup', 'signed-in', async (ctx) => {
    const { userId, email } = ctx.state.auth!;
    ctx.body = await twoFactor.setup(userId, email);
  });

  api.add('post', '/api/2fa/enable', 'signed-in', async (ctx) => {
    const { code } = parseOrThrow(enableTwoFactorSchema, ctx.request.body);
    const userId = ctx.state.auth!.userId;
    await rateLimit('twoFactor', ctx, userId);
    ctx.body = { recoveryCodes: await twoFactor.enable(userId, code) };
  });

  // Needs a current code (or an unused recovery code): a stolen session alone cannot read new codes.
  api.add('post', '/api/2fa/recovery-codes', 'signed-in', async (ctx) => {
    const { code } = parseOrThrow(enableTwoFactorSchema, ctx.request.body);
    const userId = ctx.state.auth!.userId;
    await rateLimit('twoFactor', ctx, userId);
    ctx.body = { recoveryCodes: await twoFactor.regenerateRecoveryCodes(userId, code) };
  });

  api.add('post', '/api/2fa/disable', 'signed-in', async (ctx) => {
    const { password, code } = parseOrThrow(disableTwoFactorSchema, ctx.request.body);
    const userId = ctx.state.auth!.userId;
    await rateLimit('twoFactor', ctx, userId);
    await twoFactor.disable(userId, password, code);
    ctx.body = { message: 'Two-factor authentication disabled' };
  });
}
