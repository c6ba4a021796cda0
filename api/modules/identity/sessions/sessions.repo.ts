import type { Db } from '../../../db/connect';

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
