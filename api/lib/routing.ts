import Router from '@koa/router';
import type { Middleware } from 'koa';
import { forbidden, unauthorized } from './domain-errors';
import type { AppState, CheckedSession } from './app-state';
import { refuseUnsafeInput } from './refuse-unsafe-input';

/** Who may call a route. Every /api route declares one; `requireAccess` enforces it. */
export type Access = 'public' | 'investor' | 'admin' | 'signed-in';

export interface RouteEntry {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
}

export function requireAccess(access: Access, sessionInQuery = false): Middleware<AppState> {
  return async (ctx, next) => {
    if (access !== 'public') {
      const auth = ctx.state.auth;
      if (!auth && !(sessionInQuery && ctx.state.claimedSessionId)) {
        if (ctx.state.authFailure === 'origin') throw forbidden('Cross-site request refused');
        throw unauthorized(ctx.state.authFailure === 'invalid' ? 'Session expired or invalid' : undefined);
      }
      if (auth && access !== 'signed-in' && auth.role !== access) throw forbidden();
    }
    await next();
  };
}

/** The session a route checks in its own statement: the claimed one, or one the middleware already resolved. */
export const sessionToCheck = (ctx: { state: AppState }) => (ctx.state.claimedSessionId ?? ctx.state.auth?.sessionId)!;

/** For a route that checked the session in its own statement: the answers requireAccess gives the others. */
export function admitCheckedSession<Found extends { session: CheckedSession }>(
  ctx: { state: AppState },
  found: Found | undefined,
  access: Access,
): Found {
  if (!found) throw unauthorized('Session expired or invalid');
  const { session } = found;
  if (access !== 'signed-in' && access !== 'public' && session.role !== access) throw forbidden();
  ctx.state.auth = { sessionId: session.session_id, userId: session.user_id, role: session.role, email: session.email };
  return found;
}

/**
 * API answers depend on the session or carry a token, so none may be stored by a browser or a
 * shared proxy unless its route sets a policy of its own (public reads such as /api/config).
 */
const privateByDefault: Middleware<AppState> = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};

/** A router that records each route's access rule, so tests can check every route. */
export class ApiRouter {
  readonly table: RouteEntry[] = [];
  readonly router = new Router<AppState>();

  /** `METHOD /path` of the routes added with addCheckingSessionInQuery. */
  private readonly sessionInQuery = new Set<string>();

  /** Path → handler of the routes added with addPublicRead. */
  private readonly publicReads = new Map<string, Middleware<AppState>>();

  add(method: RouteEntry['method'], path: string, access: Access, ...handlers: Middleware<AppState>[]) {
    this.table.push({ method, path, access });
    // The input check runs just before the handler: after the guard, and after any route-level body
    // parser (the receipt upload's multipart), so every route's body, query and params pass through it.
    const handler = handlers.at(-1)!;
    const sessionInQuery = this.sessionInQuery.has(`${method.toUpperCase()} ${path}`);
    this.router[method](
      path,
      privateByDefault,
      requireAccess(access, sessionInQuery),
      ...(handlers.slice(0, -1) as Middleware[]),
      refuseUnsafeInput,
      handler as Middleware,
    );
    return this;
  }

  /**
   * A hot read whose one SQL statement also checks the session (`liveSessionSql`, then `admitCheckedSession`):
   * one round trip instead of the session look-up and then the data. The path takes no parameters.
   */
  addCheckingSessionInQuery(
    method: RouteEntry['method'],
    path: string,
    access: Exclude<Access, 'public'>,
    handler: Middleware<AppState>,
  ) {
    this.sessionInQuery.add(`${method.toUpperCase()} ${path}`);
    return this.add(method, path, access, handler);
  }

  /**
   * A public GET answered from memory (a prepared answer, `lib/prepared-json.ts`), the busiest reads of the site:
   * `servePublicReads` answers it ahead of the body parser, the session look-up and the router, which it has no
   * use for. The route is also in the router, so other methods get 405 and a trailing slash still finds it.
   */
  addPublicRead(path: string, handler: Middleware<AppState>) {
    this.publicReads.set(path, handler);
    return this.add('get', path, 'public', handler);
  }

  /** Mounted after the request context and security headers, before everything else. */
  servePublicReads: Middleware<AppState> = async (ctx, next) => {
    const handler = ctx.method === 'GET' || ctx.method === 'HEAD' ? this.publicReads.get(ctx.path) : undefined;
    if (!handler) return next();
    // Still no string with NUL or a lone surrogate gets past, even in a query the route ignores.
    await refuseUnsafeInput(ctx, () => handler(ctx, async () => undefined));
  };

  /** For `authenticate`: whether this request's route checks the session itself. */
  checksSessionInQuery = (ctx: { method: string; path: string }) =>
    this.sessionInQuery.has(`${ctx.method === 'HEAD' ? 'GET' : ctx.method} ${ctx.path}`);
}
