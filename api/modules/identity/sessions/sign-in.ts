import type { Context } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { DomainError } from '../../../lib/domain-errors';
import { setSessionCookie } from '../../../middleware/authenticate';
import { createTwoFactorService } from '../two-factor/two-factor.service';
import { usersRepo } from '../accounts/accounts.repo';
import { createKnownDevices } from './known-devices';
import type { Role } from '../../../lib/app-state';
import { readableAddress } from '../../../lib/readable-address';
import { requestLanguage } from '../../../lib/request-language';

/** The steps every sign-in shares (investor sign-up and sign-in, admin login) after the password. */
export function createSignIn(deps: AppDeps) {
  const { db, sessions, rateLimit } = deps;
  const twoFactor = createTwoFactorService(deps);
  const devices = createKnownDevices(deps);

  return {
    /** With two-factor enabled: a code is required, and a wrong one counts as a failed login. */
    async checkSecondFactor(ctx: Context, userId: string, code: string | undefined) {
      try {
        await twoFactor.requireCodeIfEnabled(userId, code, () => rateLimit('twoFactor', ctx, userId));
      } catch (error) {
        if (error instanceof DomainError && error.message === 'Invalid two-factor code')
          await rateLimit.recordFailedLogin(ctx);
        throw error;
      }
    },

    async startSession(
      ctx: Context,
      user: { id: string; email: string },
      role: Role,
      rememberMe = false,
      options: { newAccount?: boolean } = {},
    ) {
      const { token, expiresAt } = await sessions.start(db, user.id, role, rememberMe, {
        userAgent: ctx.get('user-agent'),
        ip: readableAddress(ctx.ip),
      });
      setSessionCookie(ctx, token, expiresAt);
      // Their notification e-mails are written in the language they use the app in.
      await usersRepo.setLanguage(db, user.id, requestLanguage(ctx));
      if (options.newAccount) await devices.rememberWithoutNotice(ctx, user.id);
      else await devices.noticeNewBrowser(ctx, user);
      return token;
    },
  };
}
