import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../admin/bootstrap-admin';
import { signUpInvestor } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

describe('when the database stops answering', () => {
  it('health says 503 and other routes answer a generic 500 with a request id, logged with it', async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logLines: lines });
    const { client, payload } = await signUpInvestor(app);
    await app.db.destroy();
    const health = await app.client().get('/api/health');
    expect(health.status).toBe(503);
    const failed = await client.get('/api/userdata');
    expect(failed.status).toBe(500);
    expect(Object.keys(failed.body).sort()).toEqual(['message', 'requestId']);
    expect(failed.body.message).toBe('Internal error');
    expect(failed.headers.get('x-request-id')).toBe(failed.body.requestId);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(logged).toMatchObject({ requestId: failed.body.requestId, path: '/api/userdata', level: 50 });
    expect(logged.err.message).toBeTruthy();
    // Nothing secret reaches the log: no password, no token.
    const everything = lines.join('\n');
    expect(everything).not.toContain(payload.password);
    expect(everything).not.toContain(client.token);
  });
});

describe('first start', () => {
  it('creates one admin from ADMIN_EMAIL/ADMIN_PASSWORD when none exists, and only then', async () => {
    const app = await startTestApp({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss password 1' } });
    try {
      expect(await ensureAdmin(app.deps)).toContain('boss@example.com');
      expect(await ensureAdmin(app.deps)).toBeNull();
      const login = await app.client().post('/api/admin/login', { email: 'boss@example.com', password: 'boss password 1' });
      expect(login.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('generates and prints a password in development when none is configured', async () => {
    const app = await startTestApp();
    try {
      const notice = await ensureAdmin(app.deps);
      const password = /generated password: (\S+)/.exec(notice ?? '')?.[1];
      expect(password).toBeDefined();
      expect((await app.client().post('/api/admin/login', { email: 'admin@example.com', password })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
