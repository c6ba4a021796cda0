import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';

export type Role = 'investor' | 'admin';

export interface SessionPrincipal {
  sessionId: string;
  userId: string;
  role: Role;
  email: string;
}

const HOUR = 3_600_000;
export const sessionLifetimeMs = { standard: 24 * HOUR, remembered: 30 * 24 * HOUR };

export function createSessionService(jwtSecret: string, clock: Clock) {
  const key = new TextEncoder().encode(jwtSecret);

  return {
    async start(db: Db, userId: string, role: Role, rememberMe = false) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionLifetimeMs[rememberMe ? 'remembered' : 'standard']);
      const [row] = await db('sessions')
        .insert({ user_id: userId, created_at: now, expires_at: expiresAt })
        .returning<{ id: string }[]>('id');
      const token = await new SignJWT({ sid: row!.id, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },

    /** The live session a token names, or null for anything tampered, expired or revoked. */
    async resolve(db: Db, token: string): Promise<SessionPrincipal | null> {
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        sid = payload.sid;
      } catch {
        return null;
      }
      if (!isUuid(sid)) return null;
      const row = await db('sessions as s')
        .join('users as u', 'u.id', 's.user_id')
        .where('s.id', sid)
        .whereNull('s.revoked_at')
        .where('s.expires_at', '>', clock.now())
        .first<{ id: string; user_id: string; role: Role; email: string } | undefined>(
          's.id', 's.user_id', 'u.role', 'u.email',
        );
      return row ? { sessionId: row.id, userId: row.user_id, role: row.role, email: row.email } : null;
    },

    async revoke(db: Db, sessionId: string) {
      await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: clock.now() });
    },

    async revokeAllForUser(db: Db, userId: string, exceptSessionId?: string) {
      const query = db('sessions').where({ user_id: userId }).whereNull('revoked_at');
      if (exceptSessionId) query.whereNot({ id: exceptSessionId });
      await query.update({ revoked_at: clock.now() });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
