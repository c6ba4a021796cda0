import type { AppDeps } from '../../app-deps';
import { verificationCodeLifetimeMinutes } from '../../contracts/accounts';
import { adminSetPasswordSchema } from '../../contracts/admin';
import { conflict, notFound } from '../../lib/domain-errors';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentAdminPayment } from '../chain-deposits/chain-deposits.api';
import { createAccountService } from '../identity/accounts/accounts.service';
import { presentInvestorDetail } from './admin-users.presenter';
import { createAdminService } from './admin.service';

const userId = (params: unknown) => uuidParam(params, 'User not found');

/** The admin's user page: one investor as it shows them, and what it can do for them (all audited). */
export function registerAdminUserRoutes(api: ApiRouter, deps: AppDeps) {
  const { config } = deps;
  const admins = createAdminService(deps);
  const accounts = createAccountService(deps);

  api.add('get', '/api/admin/users/:id', 'admin', async (ctx) => {
    const found = await admins.investorPage(userId(ctx.params));
    if (!found) throw notFound('User not found');
    const { detail, payments } = found;
    ctx.body = {
      ...presentInvestorDetail(detail),
      chainDeposits: payments.map((row) => presentAdminPayment(row, config.operator.chains)),
    };
  });

  api.add('post', '/api/admin/users/:id/reset-password', 'admin', async (ctx) => {
    const id = userId(ctx.params);
    const { newPassword } = parseOrThrow(adminSetPasswordSchema, ctx.request.body);
    if (!(await admins.setInvestorPassword(ctx.state.auth!.userId, id, newPassword))) throw notFound('User not found');
    ctx.body = { message: 'Password reset successfully', sessionsEnded: true };
  });

  api.add('post', '/api/admin/users/:id/resend-verification', 'admin', async (ctx) => {
    const outcome = await accounts.resendVerificationFor(ctx.state.auth!.userId, userId(ctx.params));
    if (outcome === 'missing') throw notFound('User not found');
    if (outcome === 'verified') throw conflict('This e-mail is already verified');
    ctx.body = { message: 'Verification e-mail sent', expiresInMinutes: verificationCodeLifetimeMinutes };
  });

  api.add('post', '/api/admin/users/:id/end-sessions', 'admin', async (ctx) => {
    const ended = await admins.endInvestorSessions(ctx.state.auth!.userId, userId(ctx.params));
    if (ended === null) throw notFound('User not found');
    ctx.body = { message: 'Sessions ended', ended };
  });
}
