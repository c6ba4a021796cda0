import { randomBytes } from 'node:crypto';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/database-target';
import { startPgbouncer, type RunningPgbouncer } from '../test/pgbouncer';
import { connectDatabase, prepared } from './connect';
import { withScannerLock } from '../modules/chain-deposits/scanner-lock.repo';

// The app's reads on every page view name prepared statements; behind a transaction-pooling PgBouncer the next
// query can land on a server connection where that statement was never prepared.
const target = inject('testDatabase');

describe('the API behind PgBouncer in transaction mode', () => {
  let pgbouncer: RunningPgbouncer;
  let databaseUrl: string;

  beforeAll(async () => {
    if (target.kind !== 'postgres') throw new Error('PgBouncer needs PostgreSQL: set DATABASE_URL');
    const name = `${target.runId}_${randomBytes(4).toString('hex')}`;
    const admin = knex({ client: 'pg', connection: target.serverUrl, pool: { min: 0, max: 1 } });
    await admin.raw('create database ??', [name]).finally(() => admin.destroy());
    // A pool of 2 server connections for 6 client connections: consecutive queries change server connection.
    pgbouncer = await startPgbouncer(target.serverUrl, { poolSize: 2 });
    databaseUrl = withDatabase(pgbouncer.url, name);
  });
  afterAll(() => pgbouncer?.stop());

  const namedReads = (db: ReturnType<typeof connectDatabase>) =>
    Promise.allSettled(
      Array.from({ length: 60 }, (_, index) =>
        db.raw('select ?::int + 1 as next', [index]).options(prepared('transaction-pooling-probe')),
      ),
    );

  it('runs the named reads unnamed in transaction mode, so none fails', async () => {
    const db = connectDatabase({ databaseUrl, pgliteDir: '', poolMode: 'transaction', poolSize: 6 });
    try {
      const results = await namedReads(db);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('would fail with named statements there (the setting is what makes the difference)', async () => {
    const db = connectDatabase({ databaseUrl, pgliteDir: '', poolMode: 'session', poolSize: 6 });
    try {
      const failures = (await namedReads(db)).filter((result) => result.status === 'rejected');
      expect(failures.length).toBeGreaterThan(0);
      expect(String((failures[0] as PromiseRejectedResult).reason)).toMatch(/prepared statement/);
    } finally {
      await db.destroy();
    }
  });

  it('lets one scanner hold a chain at a time, and frees the chain when its holder is done', async () => {
    const first = connectDatabase({ databaseUrl, pgliteDir: '', poolMode: 'transaction', poolSize: 3 });
    const second = connectDatabase({ databaseUrl, pgliteDir: '', poolMode: 'transaction', poolSize: 3 });
    try {
      let finishFirst!: () => void;
      let firstStarted!: () => void;
      const started = new Promise<void>((resolve) => (firstStarted = resolve));
      const firstPass = withScannerLock(first, 'litecoin', async () => {
        firstStarted();
        // The pass's own queries use the pool beside the lock's transaction.
        await first.raw('select 1');
        await new Promise<void>((resolve) => (finishFirst = resolve));
      });
      await started;
      let secondRan = false;
      expect(await withScannerLock(second, 'litecoin', async () => void (secondRan = true))).toBe(false);
      expect(secondRan).toBe(false);
      finishFirst();
      expect(await firstPass).toBe(true);
      expect(await withScannerLock(second, 'litecoin', async () => void (secondRan = true))).toBe(true);
      expect(secondRan).toBe(true);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });
});
