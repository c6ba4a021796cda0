import type { AppDeps } from '../../../app-deps';
import {
  changePasswordSchema,
  emailOnlySchema,
  profileSchema,
  resetConfirmSchema,
  restoreEmailSchema,
  signinSchema,
  verificationCodeLifetimeMinutes,
  verifyEmailSchema,
} from '../../../contracts/accounts';
import { badRequest, unauthorized } from '../../../lib/domain-errors';
import { idempotentRoute } from '../../../lib/idempotent-route';
import type { ApiRouter } from '../../../lib/routing';
import { parseOrThrow } from '../../../lib/validate';
import type { AppState } from '../../../lib/app-state';
import { signInRequestOf } from '../../../lib/sign-in-request';
import { clearSessionCookie, setSessionCookie } from '../../../middleware/authenticate';
import { createPayoutAddressService } from '../payout-addresses/payout-addresses.service';
import { createSignInService } from '../sessions/sign-in.service';
import { presentProfile, presentUser, presentUserData, referralLinkFor } from './accounts.presenter';
import { createAccountService, type UserRow } from './accounts.service';
import { createEmailRestoreService } from './email-change';
import { readableAddress } from '../../../lib/readable-address';

export function registerAccountRoutes(api: ApiRouter, deps: AppDeps) {
  const { db, sessions, rateLimit, config } = deps;
  const accounts = createAccountService(deps);
  const emailRestore = createEmailRestoreService(deps);
  const signIn = createSignInService(deps);
  const payoutAddresses = createPayoutAddressService(deps);
  const link = (code: string) => referralLinkFor(config.env.PUBLIC_URL, code);

  const currentUser = async (ctx: { state: AppState }) => {
    const user = await accounts.findById(ctx.state.auth!.userId);
    if (!user) throw unauthorized();
    return user;
  };

  api.add('post', '/api/signup', 'public', async (ctx) => {
    await rateLimit('signup', ctx);
    const user = await accounts.signup(ctx.request.body, readableAddress(ctx.ip));
    const { token, expiresAt } = await signIn.startSession(
      signInRequestOf(ctx, deps.clock.now()),
      user,
      'investor',
      false,
      {
        newAccount: true,
      },
    );
    setSessionCookie(ctx, token, expiresAt);
    ctx.status = 201;
    ctx.body = { user: presentUser(user), token, referralLink: link(user.referral_code) };
  });

  api.add('post', '/api/signin', 'public', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    if (!body?.email || !body?.password) throw badRequest('Please fill in all fields');
    const input = parseOrThrow(signinSchema, body);
    await rateLimit('signin', ctx, input.email);
    await rateLimit.refuseSprayingAddress(ctx);
    const user = await accounts.checkCredentials(input.email, input.password, 'investor');
    if (!user) {
      await rateLimit.recordFailedLogin(ctx);
      throw unauthorized('Invalid email or password');
    }
    await signIn.checkSecondFactor(user.id, input.code, {
      countAttempt: () => rateLimit('twoFactor', ctx, user.id),
      recordFailedLogin: () => rateLimit.recordFailedLogin(ctx),
    });
    const { token, expiresAt } = await signIn.startSession(
      signInRequestOf(ctx, deps.clock.now()),
      user,
      'investor',
      input.rememberMe,
    );
    setSessionCookie(ctx, token, expiresAt);
    ctx.body = { token, referralLink: link(user.referral_code), user: presentUser(user) };
  });

  api.add('post', '/api/signout', 'signed-in', async (ctx) => {
    await sessions.revoke(db, ctx.state.auth!.sessionId);
    clearSessionCookie(ctx);
    ctx.body = { message: 'Signed out' };
  });

  const userDataOf = async (user: UserRow) => presentUserData(user, await accounts.countReferrals(user.id));

  api.add('get', '/api/userdata', 'investor', async (ctx) => {
    ctx.body = { userData: await userDataOf(await currentUser(ctx)) };
  });

  // Whether a session is open, answered 200 either way: an anonymous visit's check is not a failed request
  // (a browser logs every 401 as a console error).
  api.add('get', '/api/session', 'public', async (ctx) => {
    const auth = ctx.state.auth;
    if (auth?.role === 'admin') {
      ctx.body = { signedIn: true, role: auth.role };
      return;
    }
    const user = auth && (await accounts.findById(auth.userId));
    ctx.body = user ? { signedIn: true, role: 'investor', userData: await userDataOf(user) } : { signedIn: false };
  });

  api.add('get', '/api/user', 'investor', async (ctx) => {
    await payoutAddresses.activateDue(ctx.state.auth!.userId);
    ctx.body = { user: presentProfile(await currentUser(ctx)) };
  });

  // The PWA's outbox replays an edit made offline with its Idempotency-Key: applied once, answered alike.
  const updateProfileOnce = { scope: 'update-profile', db, clock: deps.clock, unfingerprinted: ['currentPassword'] };
  api.add(
    'put',
    '/api/update-profile',
    'investor',
    idempotentRoute(updateProfileOnce, async (ctx) => {
      const input = parseOrThrow(profileSchema, ctx.request.body, 'Please correct the highlighted fields');
      const user = await currentUser(ctx);
      // Password guesses from a stolen session count like sign-in attempts.
      if (input.currentPassword !== undefined) await rateLimit('signin', ctx, user.email);
      await payoutAddresses.requireCodeForChange(user, input, () => rateLimit('twoFactor', ctx, user.id));
      await payoutAddresses.refuseSanctioned(user, input);
      const updated = await accounts.updateProfile(user, input, {
        userAgent: ctx.get('user-agent'),
        ip: readableAddress(ctx.ip),
      });
      ctx.body = { message: 'Profile updated', user: presentProfile(updated) };
    }),
  );

  api.add('post', '/api/update-password', 'investor', async (ctx) => {
    const input = parseOrThrow(changePasswordSchema, ctx.request.body, 'Please correct the highlighted fields');
    const user = await currentUser(ctx);
    if (input.email !== user.email)
      throw badRequest('Email does not match your account', { email: 'Email does not match your account' });
    if (input.newPassword !== input.confirmPassword)
      throw badRequest('Passwords do not match', { confirmPassword: 'Passwords do not match' });
    await accounts.changePassword(user, ctx.state.auth!.sessionId, input.oldPassword, input.newPassword);
    ctx.body = { message: 'Password updated successfully' };
  });

  api.add('post', '/api/verify-email', 'public', async (ctx) => {
    const input = parseOrThrow(verifyEmailSchema, ctx.request.body);
    await rateLimit('verify', ctx, input.email);
    await accounts.verifyEmail(input.email, input.verificationCode);
    ctx.body = { message: 'Email verified' };
  });

  // The same answer for every address (who is registered stays unsaid); the dashboard's banner asks it too.
  api.add('post', '/api/verify-email/resend', 'public', async (ctx) => {
    const input = parseOrThrow(emailOnlySchema, ctx.request.body);
    await rateLimit('verificationMail', ctx, input.email);
    await accounts.resendVerification(input.email);
    ctx.status = 202;
    ctx.body = {
      message: 'If this e-mail needs verifying, a new code is on its way.',
      expiresInMinutes: verificationCodeLifetimeMinutes,
    };
  });

  api.add('post', '/api/reset-password', 'public', async (ctx) => {
    const input = parseOrThrow(emailOnlySchema, ctx.request.body);
    await rateLimit('reset', ctx, input.email);
    await accounts.requestPasswordReset(input.email);
    ctx.status = 202;
    ctx.body = { message: 'If this e-mail is registered, a reset link is on its way.' };
  });

  api.add('post', '/api/restore-email', 'public', async (ctx) => {
    const input = parseOrThrow(restoreEmailSchema, ctx.request.body);
    await rateLimit('reset', ctx);
    await emailRestore.restore(input.token);
    clearSessionCookie(ctx);
    ctx.body = { message: 'Your e-mail address has been restored and every device signed out' };
  });

  api.add('post', '/api/reset-password/confirm', 'public', async (ctx) => {
    const input = parseOrThrow(resetConfirmSchema, ctx.request.body);
    await rateLimit('reset', ctx);
    await accounts.confirmPasswordReset(input.token, input.newPassword);
    ctx.body = { message: 'Your password has been reset' };
  });
}
