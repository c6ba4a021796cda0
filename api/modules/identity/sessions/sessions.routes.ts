import type { AppDeps } from '../../../app-deps';
import { notFound } from '../../../lib/domain-errors';
import { uuidParam } from '../../../lib/ids';
import type { ApiRouter } from '../../../lib/routing';
import { clearSessionCookie } from '../../../middleware/authenticate';
import { presentOpenSession } from './sessions.presenter';

/** The caller's own open sessions, for investors (Password/Security) and admins (their own page). */
export function registerSessionRoutes(api: ApiRouter, { db, sessions }: AppDeps) {
  api.add('get', '/api/sessions', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    const rows = await sessions.listOpen(db, userId);
    ctx.body = { sessions: rows.map((row) => presentOpenSession(row, sessionId)) };
  });

  api.add('delete', '/api/sessions/:id', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    const id = uuidParam(ctx.params, 'Session not found');
    if (!(await sessions.endOpen(db, userId, id))) throw notFound('Session not found');
    if (id === sessionId) clearSessionCookie(ctx);
    ctx.body = { message: 'Session ended' };
  });

  api.add('post', '/api/sessions/revoke-others', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    await sessions.revokeAllForUser(db, userId, sessionId);
    ctx.body = { message: 'Every other session ended' };
  });
}
