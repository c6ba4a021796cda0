import type { AppDeps } from '../../app-deps';
import {
  addAdminSchema,
  adminChangePasswordSchema,
  adminLoginSchema,
  adminResetPasswordSchema,
  userListQuerySchema,
} from '../../contracts/admin';
import { badRequest, DomainError, notFound, unauthorized } from '../../lib/domain-errors';
import { isUuid } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { signInRequestOf } from '../../lib/sign-in-request';
import { setSessionCookie } from '../../middleware/authenticate';
import { createAccountService } from '../identity/accounts/accounts.service';
import { createSignInService, findUserById, isTwoFactorEnabled } from '../identity/identity.api';
import { createTwoFactorService } from '../identity/two-factor/two-factor.service';
import { presentInvestorRow } from './admin-users.presenter';
import { createAdminService } from './admin.service';

/** Admin answers carry one fixed message per outcome, the one the panel shows; field details go in `errors`. */
function orFixedMessage<T>(message: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof DomainError) throw badRequest(message, error.errors);
    throw error;
  }
}

export function registerAdminRoutes(api: ApiRouter, deps: AppDeps) {
  const { db, rateLimit } = deps;
  const signIn = createSignInService(deps);
  const accounts = createAccountService(deps);
  const admins = createAdminService(deps);
  const twoFactor = createTwoFactorService(deps);

  api.add('post', '/api/admin/login', 'public', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    if (!body?.email || !body?.password) throw badRequest('Email and password are required');
    const input = parseOrThrow(adminLoginSchema, body);
    await rateLimit('adminLogin', ctx, input.email);
    await rateLimit.refuseSprayingAddress(ctx);
    const admin = await accounts.checkCredentials(input.email, input.password, 'admin');
    if (!admin) {
      await rateLimit.recordFailedLogin(ctx);
      throw unauthorized('Invalid email or password');
    }
    await signIn.checkSecondFactor(admin.id, input.code, {
      countAttempt: () => rateLimit('twoFactor', ctx, admin.id),
      recordFailedLogin: () => rateLimit.recordFailedLogin(ctx),
    });
    const { token, expiresAt } = await signIn.startSession(signInRequestOf(ctx, deps.clock.now()), admin, 'admin');
    setSessionCookie(ctx, token, expiresAt);
    const enrolmentRequired = deps.config.operator.requireAdminTwoFactor && !(await isTwoFactorEnabled(db, admin.id));
    ctx.body = {
      message: 'Login successful',
      adminId: admin.id,
      token,
      ...(enrolmentRequired && { twoFactorEnrollmentRequired: true }),
    };
  });

  api.add('get', '/api/admin/me/:adminId', 'admin', async (ctx) => {
    const { adminId } = ctx.params as { adminId: string };
    const admin = isUuid(adminId) ? await findUserById(db, adminId) : undefined;
    if (!admin || admin.role !== 'admin') throw notFound('Admin not found');
    ctx.body = { admin: { email: admin.email, name: admin.name } };
  });

  api.add('post', '/api/admin/add-admin', 'admin', async (ctx) => {
    const input = orFixedMessage('Error adding admin', () => parseOrThrow(addAdminSchema, ctx.request.body));
    const admin = await admins.addAdmin(ctx.state.auth!.userId, input.email, input.password, input.name);
    if (!admin) throw badRequest('Error adding admin', { email: 'This e-mail already has an account' });
    ctx.status = 201;
    ctx.body = { message: 'Admin added successfully' };
  });

  api.add('post', '/api/admin/reset-password', 'admin', async (ctx) => {
    const input = orFixedMessage('Error resetting password', () =>
      parseOrThrow(adminResetPasswordSchema, ctx.request.body),
    );
    const done = await admins.resetPassword(ctx.state.auth!.userId, input.email, input.newPassword);
    if (!done) throw badRequest('Error resetting password', { email: 'No account has this e-mail' });
    ctx.body = { message: 'Password reset successfully' };
  });

  // The Security page's "Change my password": the current password first, counted like a login (a stolen session
  // must not guess it freely), then the two-factor code once enrolled; the admin's other sessions end.
  api.add('post', '/api/admin/change-password', 'admin', async (ctx) => {
    const input = parseOrThrow(adminChangePasswordSchema, ctx.request.body, 'Please correct the highlighted fields');
    const admin = await accounts.findById(ctx.state.auth!.userId);
    if (!admin) throw unauthorized();
    await rateLimit('adminLogin', ctx, admin.email);
    await accounts.changePassword(admin, ctx.state.auth!.sessionId, input.currentPassword, input.newPassword, {
      field: 'currentPassword',
      secondFactor: () =>
        twoFactor.requireCodeIfEnabled(admin.id, input.code, () => rateLimit('twoFactor', ctx, admin.id)),
    });
    ctx.body = { message: 'Password changed; your other sessions have ended' };
  });

  api.add('get', '/api/users', 'admin', async (ctx) => {
    const { page, pageSize, search } = parseOrThrow(userListQuerySchema, ctx.query);
    const { total, capped, rows } = await admins.listInvestors(page, pageSize, search);
    ctx.body = { users: rows.map(presentInvestorRow), total, ...(capped && { capped }), page, pageSize };
  });

  api.add('get', '/api/count', 'admin', async (ctx) => {
    ctx.body = { count: await admins.countInvestors() };
  });
}
