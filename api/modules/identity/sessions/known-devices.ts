import type { Context } from 'koa';
import type { AppDeps } from '../../../app-deps';
import { hashSecret, randomToken } from '../../../lib/tokens';
import { rememberDevice } from './known-devices.repo';
import { describeBrowser } from './user-agent';
import { readableAddress } from '../../../lib/readable-address';

export const deviceCookie = 'device';
const deviceCookieLifetimeMs = 400 * 24 * 3_600_000;
const deviceIdPattern = /^[\w-]{43}$/;

/**
 * A browser is recognised by a long-lived random cookie, stored per account only as a keyed hash;
 * the user agent alone is shared by millions of browsers and would hide a thief's sign-in.
 */
export function createKnownDevices({ db, clock, config, mailer, background, logger }: AppDeps) {
  const siteName = config.operator.siteName;
  const publicUrl = config.env.PUBLIC_URL;

  function deviceIdOf(ctx: Context) {
    const existing = ctx.cookies.get(deviceCookie);
    if (existing && deviceIdPattern.test(existing)) return existing;
    const created = randomToken();
    ctx.cookies.set(deviceCookie, created, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.cookies.secure ?? ctx.secure,
      path: '/',
      overwrite: true,
      expires: new Date(clock.now().getTime() + deviceCookieLifetimeMs),
    });
    return created;
  }

  /** Records this browser for the account; true when the account had not seen it before. */
  const remember = (ctx: Context, userId: string) =>
    rememberDevice(db, userId, hashSecret(deviceIdOf(ctx), config.jwtSecret), clock.now());

  return {
    /** At sign-up the browser is the account's first: known, nothing to tell. */
    rememberWithoutNotice: (ctx: Context, userId: string) => remember(ctx, userId),

    /** At sign-in a browser not seen before on this account e-mails its owner. */
    async noticeNewBrowser(ctx: Context, user: { id: string; email: string }) {
      if (!(await remember(ctx, user.id))) return;
      const at = clock.now();
      const device = describeBrowser(ctx.get('user-agent'));
      const ip = readableAddress(ctx.ip);
      background.run('new browser notice', async () => {
        try {
          await mailer.send(db, {
            to: user.email,
            subject: `${siteName}: sign-in from a new browser`,
            text: [
              `Your ${siteName} account was signed in to from a browser it had not seen before:`,
              '',
              `When: ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
              `Device: ${device}`,
              `Address: ${ip}`,
              '',
              'If this was you, nothing needs doing.',
              `Not you? Reset your password now: ${publicUrl}/reset-password`,
              'Then sign out every other session under Profile, Security.',
            ].join('\n'),
          });
        } catch (error) {
          logger.error({ err: error, subject: 'new browser notice' }, 'mail could not be sent');
        }
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
