import type { Context, Middleware } from 'koa';
import type { Knex } from 'knex';
import type { AppState, SessionPrincipal } from '../lib/app-state';

export const sessionCookie = 'session';

/** What authenticate needs of the sessions module; `app.ts` passes the sessions service in. */
export interface SessionLookup {
  verifyToken(token: string): Promise<string | null>;
  resolve(db: Knex, token: string): Promise<SessionPrincipal | null>;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Accepts the session from the Authorization header or the httpOnly cookie. A cookie rides
 * along with cross-site requests, so unsafe requests that rely on it must come from our origin.
 */
export function authenticate(
  db: Knex,
  sessions: SessionLookup,
  publicUrl: string,
  checksSessionInQuery: (ctx: Context) => boolean = () => false,
): Middleware<AppState> {
  const allowedOrigin = new URL(publicUrl).origin;
  const httpsSite = new URL(publicUrl).protocol === 'https:';
  return async (ctx, next) => {
    // An https site's cookies are Secure even when TLS ended at a proxy that says nothing.
    if (httpsSite) ctx.cookies.secure = true;
    const bearer = bearerToken(ctx);
    const token = bearer ?? ctx.cookies.get(sessionCookie);
    if (token) {
      const viaCookie = !bearer;
      // Koa 3's ctx.origin is the Origin header itself, so our own origin is rebuilt here.
      const origin = ctx.get('origin');
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      if (viaCookie && unsafeMethods.has(ctx.method) && origin !== allowedOrigin && origin !== ownOrigin) {
        ctx.state.authFailure = 'origin';
      } else if (checksSessionInQuery(ctx)) {
        const sessionId = await sessions.verifyToken(token);
        if (sessionId) ctx.state.claimedSessionId = sessionId;
        else ctx.state.authFailure = 'invalid';
      } else {
        const principal = await sessions.resolve(db, token);
        if (principal) ctx.state.auth = principal;
        else ctx.state.authFailure = 'invalid';
      }
    }
    await next();
  };
}

export function setSessionCookie(ctx: Context, token: string, expiresAt: Date) {
  ctx.cookies.set(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure ?? ctx.secure,
    expires: expiresAt,
    path: '/',
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context) {
  ctx.cookies.set(sessionCookie, null, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure ?? ctx.secure,
    path: '/',
    overwrite: true,
  });
}
