import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { clearSessionCookie } from '../../middleware/authenticate';
import { readableAddress } from '../../lib/readable-address';

interface SessionRow {
  id: string; user_agent: string | null; ip: string | null; created_at: Date; last_seen_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The caller's own open sessions, for investors (Password/Security) and admins (their own page). */
export function registerSessionRoutes(api: ApiRouter, { db, clock, sessions }: AppDeps) {
  const openSessions = (userId: string) =>
    db('sessions').where({ user_id: userId }).whereNull('revoked_at').where('expires_at', '>', clock.now());

  api.add('get', '/api/sessions', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    const rows = await openSessions(userId)
      .orderByRaw('coalesce(last_seen_at, created_at) desc')
      .select<SessionRow[]>('id', 'user_agent', 'ip', 'created_at', 'last_seen_at');
    ctx.body = {
      sessions: rows.map((row) => ({
        id: row.id, userAgent: row.user_agent ?? '', ip: readableAddress(row.ip ?? ''), createdAt: iso(row.created_at),
        lastSeenAt: iso(row.last_seen_at ?? row.created_at), current: row.id === sessionId,
      })),
    };
  });

  api.add('delete', '/api/sessions/:id', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    const id = uuidParam(ctx.params, 'Session not found');
    const ended = await openSessions(userId).where({ id }).update({ revoked_at: clock.now() });
    if (ended === 0) throw notFound('Session not found');
    if (id === sessionId) clearSessionCookie(ctx);
    ctx.body = { message: 'Session ended' };
  });

  api.add('post', '/api/sessions/revoke-others', 'signed-in', async (ctx) => {
    const { userId, sessionId } = ctx.state.auth!;
    await sessions.revokeAllForUser(db, userId, sessionId);
    ctx.body = { message: 'Every other session ended' };
  });
}
