import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { lastSeenResolutionMs } from '../identity/sessions/sessions.service';
import { statementsDuring } from '../../test/sql-statements';

const hotReads = ['/api/dashboard', '/api/transactions', '/api/transactions?tab=others&type=plan&page=2'];

describe('the dashboard and history check the session in their own statement', () => {
  const app = useTestApp();

  /** The investor's one session's last_seen_at, in ms, read straight from the table. */
  const lastSeen = async (email: string) => {
    const row = await app
      .db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('u.email', email.toLowerCase())
      .first<{ last_seen_at: Date }>('s.last_seen_at');
    return row!.last_seen_at.getTime();
  };

  it.each(hotReads)('GET %s makes one round trip to the database, session check included', async (path) => {
    const { client } = await signUpInvestor(app);
    let status = 0;
    const statements = await statementsDuring(app.db, async () => {
      status = (await client.get(path)).status;
    });
    expect(status).toBe(200);
    expect(statements).toHaveLength(1);
  });

  it('still moves last_seen_at on once it is stale, in that same statement', async () => {
    const { client, payload } = await signUpInvestor(app);
    const before = await lastSeen(payload.email);
    app.clock.advance(lastSeenResolutionMs / 2);
    try {
      expect(await statementsDuring(app.db, () => client.get('/api/dashboard'))).toHaveLength(1);
      expect(await lastSeen(payload.email)).toBe(before);
      app.clock.advance(lastSeenResolutionMs);
      const requestedAt = app.clock.now().getTime();
      expect(await statementsDuring(app.db, () => client.get('/api/dashboard'))).toHaveLength(1);
      expect(await lastSeen(payload.email)).toBeGreaterThanOrEqual(requestedAt);
    } finally {
      app.clock.advance(-1.5 * lastSeenResolutionMs);
    }
  });

  it.each(hotReads)('GET %s refuses an ended or expired session with 401 and an admin with 403', async (path) => {
    const ended = await signUpInvestor(app);
    await ended.client.post('/api/signout');
    expect(await ended.client.get(path)).toMatchObject({
      status: 401,
      body: { message: 'Session expired or invalid' },
    });
    expect((await app.client().get(path, { cookie: `session=${ended.client.token}` })).status).toBe(401);

    const expiring = await signUpInvestor(app);
    app.clock.advance(25 * 3_600_000);
    try {
      expect((await expiring.client.get(path)).status).toBe(401);
    } finally {
      app.clock.advance(-25 * 3_600_000);
    }
    expect((await app.client('not.a.token').get(path)).status).toBe(401);
    expect((await app.client().get(path)).status).toBe(401);
    expect((await (await signInAdmin(app)).client.get(path)).status).toBe(403);
  });

  it('shows each investor only their own figures', async () => {
    const first = await signUpInvestor(app);
    const second = await signUpInvestor(app);
    expect((await first.client.get('/api/dashboard')).body.referralLink).toBe(first.referralLink);
    expect((await second.client.get('/api/dashboard')).body.referralLink).toBe(second.referralLink);
  });
});
