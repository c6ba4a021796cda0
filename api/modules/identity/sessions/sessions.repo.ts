import { prepared, type Db } from '../../../db/connect';
import type { Role } from '../../../lib/app-state';

export interface OpenSessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date | null;
}

/** Open = neither revoked nor expired at `now`. */
const openSessions = (db: Db, userId: string, now: Date) =>
  db('sessions').where({ user_id: userId }).whereNull('revoked_at').where('expires_at', '>', now);

export const openSessionsRepo = {
  /** The investor's or admin's open sessions, most recently used first. */
  list: (db: Db, userId: string, now: Date) =>
    openSessions(db, userId, now)
      .orderByRaw('coalesce(last_seen_at, created_at) desc')
      .select<OpenSessionRow[]>('id', 'user_agent', 'ip', 'created_at', 'last_seen_at'),

  /** Revokes one of the user's open sessions; false when it is not theirs or no longer open. */
  end: async (db: Db, userId: string, id: string, now: Date) =>
    (await openSessions(db, userId, now).where({ id }).update({ revoked_at: now })) > 0,
};

export interface LiveSessionRow {
  id: string;
  user_id: string;
  role: Role;
  email: string;
  last_seen_at: Date | null;
}

export const sessionsRepo = {
  async insert(
    db: Db,
    session: {
      user_id: string;
      created_at: Date;
      expires_at: Date;
      last_seen_at: Date;
      user_agent: string | null;
      ip: string | null;
    },
  ) {
    const [row] = await db('sessions').insert(session).returning<{ id: string }[]>('id');
    return row!.id;
  },

  /** The session with its user's role and e-mail while neither revoked nor expired at `now`. */
  findLive: (db: Db, sessionId: string, now: Date) =>
    db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id', sessionId)
      .whereNull('s.revoked_at')
      .where('s.expires_at', '>', now)
      .options(prepared('session-resolve'))
      .first<LiveSessionRow | undefined>('s.id', 's.user_id', 'u.role', 'u.email', 's.last_seen_at'),

  /** Moves `last_seen_at` to `now` unless it is after `staleBefore` (the condition keeps racing requests to one write). */
  touchIfStale: (db: Db, sessionId: string, now: Date, staleBefore: Date) =>
    db('sessions')
      .where({ id: sessionId })
      .where((stale) => stale.whereNull('last_seen_at').orWhere('last_seen_at', '<=', staleBefore))
      .update({ last_seen_at: now }),

  revoke: (db: Db, sessionId: string, now: Date) =>
    db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: now }),

  revokeAllForUser(db: Db, userId: string, now: Date, exceptSessionId?: string) {
    const query = db('sessions').where({ user_id: userId }).whereNull('revoked_at');
    if (exceptSessionId) query.whereNot({ id: exceptSessionId });
    return query.update({ revoked_at: now });
  },
};

/**
 * The session check as the head of a route's own statement, so one round trip both checks the session and reads the
 * data: `live_session` (session_id, user_id, role, email) has a row only for a live session, with the same rules as
 * `findLive`, and `session_touch` moves `last_seen_at` on as `touchIfStale` does.
 */
export const liveSessionSql = (sessionId: string, now: Date, staleBefore: Date) => ({
  sql: `with live_session as (
            select s.id as session_id, s.user_id, u.role, u.email from sessions s join users u on u.id = s.user_id
            where s.id = :sessionId and s.revoked_at is null and s.expires_at > :now
          ), session_touch as (
            update sessions set last_seen_at = :now
            where id = (select session_id from live_session) and (last_seen_at is null or last_seen_at <= :staleBefore)
          )`,
  bindings: { sessionId, now, staleBefore },
});
