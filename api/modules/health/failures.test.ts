import knex from 'knex';
import { describe, expect, inject, it } from 'vitest';
import { ensureAdmin } from '../admin/bootstrap-admin';
import { eventually } from '../../test/eventually';
import { signUpInvestor } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

describe('when the database stops answering', () => {
  it('health and every data route answer 503 with Retry-After while it is unreachable, and recover without a restart', async () => {
    const target = inject('testDatabase');
    const app = await startTestApp();
    const { client } = await signUpInvestor(app);
    if (target.kind === 'pglite') {
      // Embedded: the only way to lose it is to close it (no recovery to check).
      await app.db.destroy();
      expect((await client.get('/api/userdata')).status).toBe(503);
      return;
    }
    const { rows } = await app.db.raw<{ rows: { name: string }[] }>('select current_database() as name');
    const server = knex({ client: 'pg', connection: target.serverUrl, pool: { min: 0, max: 1 } });
    try {
      // A real outage as the app sees it: open connections are cut and new ones refused.
      await server.raw('alter database ?? allow_connections false', [rows[0]!.name]);
      await server.raw(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()',
        [rows[0]!.name],
      );
      const health = await app.client().get('/api/health');
      expect(health.status).toBe(503);
      for (const response of [
        await client.get('/api/userdata'),
        await app.client().get('/api/plans'),
        await app.client().post('/api/signin', { email: 'a@example.com', password: 'whatever1' }),
      ]) {
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ message: 'Service temporarily unavailable' });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      await server.raw('alter database ?? allow_connections true', [rows[0]!.name]);
      // Directly at once; through PgBouncer after its next login attempt (server_login_retry, 1 s).
      await eventually(
        async () => ((await client.get('/api/userdata')).status === 200 ? true : undefined),
        5_000,
        'the API answering again once the database does',
      );
    } finally {
      await server.raw('alter database ?? allow_connections true', [rows[0]!.name]);
      await server.destroy();
      await app.close();
    }
  });

  it('an unexpected failure answers a generic 500 with a request id, logged with it and nothing secret', async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logLines: lines });
    try {
      const { client, payload } = await signUpInvestor(app);
      await app.db.raw('alter table plans rename to plans_gone');
      const failed = await client.get('/api/plans');
      expect(failed.status).toBe(500);
      expect(Object.keys(failed.body).sort()).toEqual(['message', 'requestId']);
      expect(failed.body.message).toBe('Internal error');
      expect(failed.headers.get('x-request-id')).toBe(failed.body.requestId);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
      expect(logged).toMatchObject({ requestId: failed.body.requestId, path: '/api/plans', level: 50 });
      expect(logged.err.message).toBeTruthy();
      const everything = lines.join('\n');
      expect(everything).not.toContain(payload.password);
      expect(everything).not.toContain(client.token);
    } finally {
      await app.close();
    }
  });
});

describe('first start', () => {
  it('creates one admin from ADMIN_EMAIL/ADMIN_PASSWORD when none exists, and only then', async () => {
    const app = await startTestApp({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss password 1' } });
    try {
      expect(await ensureAdmin(app.deps)).toEqual({ email: 'boss@example.com' });
      expect(await ensureAdmin(app.deps)).toBeNull();
      const login = await app
        .client()
        .post('/api/admin/login', { email: 'boss@example.com', password: 'boss password 1' });
      expect(login.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('generates and prints a password in development when none is configured', async () => {
    const app = await startTestApp();
    try {
      const created = await ensureAdmin(app.deps);
      expect(created?.email).toBe('admin@example.com');
      const password = created?.generatedPassword;
      expect(password).toMatch(/^[\w-]{16}$/);
      expect((await app.client().post('/api/admin/login', { email: 'admin@example.com', password })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
