import Router from '@koa/router';
import type { Middleware } from 'koa';
import { forbidden, unauthorized } from './errors';
import type { AppState } from '../middleware/authenticate';
import { refuseUnsafeInput } from '../middleware/refuse-unsafe-input';

/** Who may call a route. Every /api route declares one; `requireAccess` enforces it. */
export type Access = 'public' | 'investor' | 'admin' | 'signed-in';

export interface RouteEntry {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
}

export function requireAccess(access: Access): Middleware<AppState> {
  return async (ctx, next) => {
    if (access !== 'public') {
      const auth = ctx.state.auth;
      if (!auth) {
        if (ctx.state.authFailure === 'origin') throw forbidden('Cross-site request refused');
        throw unauthorized(ctx.state.authFailure === 'invalid' ? 'Session expired or invalid' : undefined);
      }
      if (access !== 'signed-in' && auth.role !== access) throw forbidden();
    }
    await next();
  };
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

  add(method: RouteEntry['method'], path: string, access: Access, ...handlers: Middleware<AppState>[]) {
    this.table.push({ method, path, access });
    // The input check runs just before the handler: after the guard, and after any route-level body
    // parser (the receipt upload's multipart), so every route's body, query and params pass through it.
    const handler = handlers.at(-1)!;
    this.router[method](path, privateByDefault, requireAccess(access), ...(handlers.slice(0, -1) as Middleware[]), refuseUnsafeInput, handler as Middleware);
    return this;
  }
}
