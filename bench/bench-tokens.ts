import { SignJWT } from 'jose';
import type { Knex } from 'knex';

const sessionLifetimeMs = 24 * 3_600_000;

/**
 * Live sessions for random investors, signed the way sessions.service.ts signs them, so each
 * request pays the real cost of authentication (JWT check plus the session look-up).
 */
export async function issueInvestorTokens(db: Knex, jwtSecret: string, count: number, now: Date): Promise<string[]> {
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const { rows } = await db.raw<{ rows: { id: string; user_id: string }[] }>(
    `insert into sessions (user_id, created_at, expires_at)
     select id, ?, ? from users where role = 'investor' order by random() limit ?
     returning id, user_id`,
    [now, expiresAt, count],
  );
  const key = new TextEncoder().encode(jwtSecret);
  return Promise.all(
    rows.map((session) =>
      new SignJWT({ sid: session.id, role: 'investor' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.user_id)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    ),
  );
}
