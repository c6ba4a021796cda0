import type { Middleware } from 'koa';
import { DomainError } from '../lib/domain-errors';
import type { AppState } from '../lib/app-state';
import type { OperatorConfig } from '../config/operator';

/** What an admin held at enrolment may still call: enrol, see themselves, sign out. */
const enrolmentPaths = new Set(['/api/2fa', '/api/2fa/setup', '/api/2fa/enable', '/api/signout', '/api/sessions']);

/**
 * With `requireAdminTwoFactor`, an admin session without two-factor enabled can do nothing but
 * enrol: every other /api call answers 403 `twoFactorEnrollmentRequired` (the PWA's pages still load).
 * `app.ts` passes in the two-factor service's check, so shared middleware imports no module.
 */
export function requireAdminEnrolment(
  config: { operator: Pick<OperatorConfig, 'requireAdminTwoFactor'> },
  isTwoFactorEnabled: (userId: string) => Promise<boolean>,
): Middleware<AppState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (
      config.operator.requireAdminTwoFactor &&
      auth?.role === 'admin' &&
      ctx.path.startsWith('/api/') &&
      !enrolmentPaths.has(ctx.path) &&
      !ctx.path.startsWith('/api/admin/me/') &&
      !(await isTwoFactorEnabled(auth.userId))
    ) {
      throw new DomainError('forbidden', 'Two-factor enrolment required', {
        details: { twoFactorEnrollmentRequired: true },
      });
    }
    await next();
  };
}
