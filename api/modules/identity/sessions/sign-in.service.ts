import type { AppDeps } from '../../../app-deps';
import type { Role } from '../../../lib/app-state';
import { DomainError } from '../../../lib/domain-errors';
import type { SignInRequest } from '../../../lib/sign-in-request';
import { usersRepo } from '../accounts/accounts.repo';
import { createTwoFactorService } from '../two-factor/two-factor.service';
import { createKnownDevices } from './known-devices';

/** The rate limits a sign-in's second factor counts against, bound to the request by the route. */
export interface SecondFactorLimits {
  /** Counts a two-factor code about to be checked. */
  countAttempt: () => Promise<void>;
  /** Counts a wrong code as a failed login of the client address. */
  recordFailedLogin: () => Promise<void>;
}

/** The steps every sign-in shares (investor sign-up and sign-in, admin login) after the password. */
export function createSignInService(deps: AppDeps) {
  const { db, sessions } = deps;
  const twoFactor = createTwoFactorService(deps);
  const devices = createKnownDevices(deps);

  return {
    /** With two-factor enabled: a code is required, and a wrong one counts as a failed login. */
    async checkSecondFactor(userId: string, code: string | undefined, limits: SecondFactorLimits) {
      try {
        await twoFactor.requireCodeIfEnabled(userId, code, limits.countAttempt);
      } catch (error) {
        if (error instanceof DomainError && error.message === 'Invalid two-factor code')
          await limits.recordFailedLogin();
        throw error;
      }
    },

    /** Opens the session (the route sets its cookie) and records the browser and language it came with. */
    async startSession(
      request: SignInRequest,
      user: { id: string; email: string },
      role: Role,
      rememberMe = false,
      options: { newAccount?: boolean } = {},
    ) {
      const session = await sessions.start(db, user.id, role, rememberMe, {
        userAgent: request.userAgent,
        ip: request.ip,
      });
      // Their notification e-mails are written in the language they use the app in.
      await usersRepo.setLanguage(db, user.id, request.language);
      if (options.newAccount) await devices.rememberWithoutNotice(request, user.id);
      else await devices.noticeNewBrowser(request, user);
      return session;
    },
  };
}
