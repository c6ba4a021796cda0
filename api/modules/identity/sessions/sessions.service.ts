import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../../db/connect';
import type { Role, SessionPrincipal } from '../../../lib/app-state';
import type { Clock } from '../../../lib/clock';
import { isUuid } from '../../../lib/ids';
import { liveSessionSql, openSessionsRepo, sessionsRepo } from './sessions.repo';

const HOUR = 3_600_000;
export const sessionLifetimeMs = { standard: 24 * HOUR, remembered: 30 * 24 * HOUR };
/** `last_seen_at` is written at most this often per session, not on every request. */
export const lastSeenResolutionMs = 5 * 60_000;

/** The browser and client address a session was started from, for the sessions list. */
export interface SessionDevice {
  userAgent: string;
  ip: string;
}

export function createSessionService(jwtSecret: string, clock: Clock) {
  const key = new TextEncoder().encode(jwtSecret);
  // Imported once: given the raw bytes, jose imports the key again for every token it verifies.
  const verificationKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

  /**
   * Moves `last_seen_at` on when it is older than the resolution: one write per session every few
   * minutes, not one per request (and the condition keeps racing requests to one write).
   */
  async function touchIfStale(db: Db, sessionId: string, lastSeenAt: Date | null) {
    const now = clock.now();
    const threshold = new Date(now.getTime() - lastSeenResolutionMs);
    if (lastSeenAt && new Date(lastSeenAt) > threshold) return;
    await sessionsRepo.touchIfStale(db, sessionId, now, threshold);
  }

  /** The session id a token carries when its signature and expiry hold; whether that session is live is the database's answer. */
  async function verifyToken(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, await verificationKey, {
        algorithms: ['HS256'],
        currentDate: clock.now(),
      });
      return isUuid(payload.sid) ? payload.sid : null;
    } catch {
      return null;
    }
  }

  return {
    touchIfStale,

    async start(db: Db, userId: string, role: Role, rememberMe = false, device?: SessionDevice) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionLifetimeMs[rememberMe ? 'remembered' : 'standard']);
      const sessionId = await sessionsRepo.insert(db, {
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
        user_agent: device?.userAgent.slice(0, 500) ?? null,
        ip: device?.ip ?? null,
      });
      const token = await new SignJWT({ sid: sessionId, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },

    verifyToken,

    /** The session check as the head of a route's own statement (`liveSessionSql` in sessions.repo.ts). */
    liveSessionSql(sessionId: string) {
      const now = clock.now();
      return liveSessionSql(sessionId, now, new Date(now.getTime() - lastSeenResolutionMs));
    },

    /** The live session a token names, or null for anything tampered, expired or revoked. */
    async resolve(db: Db, token: string): Promise<SessionPrincipal | null> {
      const sid = await verifyToken(token);
      if (!sid) return null;
      const row = await sessionsRepo.findLive(db, sid, clock.now());
      if (row) await touchIfStale(db, row.id, row.last_seen_at);
      return row ? { sessionId: row.id, userId: row.user_id, role: row.role, email: row.email } : null;
    },

    async revoke(db: Db, sessionId: string) {
      await sessionsRepo.revoke(db, sessionId, clock.now());
    },

    async revokeAllForUser(db: Db, userId: string, exceptSessionId?: string) {
      await sessionsRepo.revokeAllForUser(db, userId, clock.now(), exceptSessionId);
    },

    /** The user's open sessions, most recently used first, for their sessions list. */
    listOpen: (db: Db, userId: string) => openSessionsRepo.list(db, userId, clock.now()),

    /** Ends one of the user's open sessions; false when it is not theirs or no longer open. */
    endOpen: (db: Db, userId: string, sessionId: string) => openSessionsRepo.end(db, userId, sessionId, clock.now()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
