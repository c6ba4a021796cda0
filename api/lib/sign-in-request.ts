import type { Context } from 'koa';
import { readableAddress } from './readable-address';
import { requestLanguage } from './request-language';
import { randomToken } from './tokens';

const deviceCookie = 'device';
const deviceCookieLifetimeMs = 400 * 24 * 3_600_000;
const deviceIdPattern = /^[\w-]{43}$/;

/** What a sign-in keeps of its request: the browser (its device cookie), user agent, address and language. */
export interface SignInRequest {
  deviceId: string;
  userAgent: string;
  ip: string;
  language: string;
}

/**
 * A browser is recognised by a long-lived random cookie, set here when it has none; the user agent alone is shared by
 * millions of browsers and would hide a thief's sign-in.
 */
function deviceIdOf(ctx: Context, now: Date) {
  const existing = ctx.cookies.get(deviceCookie);
  if (existing && deviceIdPattern.test(existing)) return existing;
  const created = randomToken();
  ctx.cookies.set(deviceCookie, created, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure ?? ctx.secure,
    path: '/',
    overwrite: true,
    expires: new Date(now.getTime() + deviceCookieLifetimeMs),
  });
  return created;
}

export const signInRequestOf = (ctx: Context, now: Date): SignInRequest => ({
  deviceId: deviceIdOf(ctx, now),
  userAgent: ctx.get('user-agent'),
  ip: readableAddress(ctx.ip),
  language: requestLanguage(ctx),
});
