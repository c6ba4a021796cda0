import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { createBackgroundTasks } from '../lib/background-tasks';
import { createLogger } from '../lib/logger';
import { connectDatabase } from './connect';
import { RootQueryInTransactionError } from './transaction-guard';

const checks = (open: () => ReturnType<typeof connectDatabase>) => {
  it('refuses a query on the root database inside a transaction at once, and the transaction goes on', async () => {
    const db = open();
    try {
      await db.raw('select 1'); // PGlite starts on its first query
      const started = Date.now();
      const outcome = await db.transaction(async (trx) => {
        const refused = await db.raw('select 1').then(
          () => 'ran',
          (error: unknown) => error,
        );
        // The transaction's own connection still answers after the refusal.
        const { rows } = await trx.raw<{ rows: { two: number }[] }>('select 2 as two');
        return { refused, two: rows[0]!.two };
      });
      expect(outcome.refused).toBeInstanceOf(RootQueryInTransactionError);
      expect(outcome.two).toBe(2);
      // Without the guard, PGlite waits for the pool's acquire timeout (60 s).
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a second root transaction opened inside one, but not a nested one or work after the commit', async () => {
    const db = open();
    try {
      await db.transaction(async (trx) => {
        await expect(db.transaction((inner) => inner.raw('select 1'))).rejects.toBeInstanceOf(
          RootQueryInTransactionError,
        );
        await trx.transaction((savepoint) => savepoint.raw('select 1'));
      });
      expect((await db.raw<{ rows: unknown[] }>('select 1')).rows).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('lets a background task started inside a transaction run with the root database', async () => {
    const db = open();
    const background = createBackgroundTasks(createLogger('silent'));
    let answered: unknown;
    try {
      await db.transaction(async (trx) => {
        background.run('after the answer', async () => {
          answered = (await db.raw<{ rows: { three: number }[] }>('select 3 as three')).rows[0]!.three;
        });
        await trx.raw('select 1');
      });
      await background.settled();
      expect(answered).toBe(3);
    } finally {
      await db.destroy();
    }
  });
};

describe('a root query inside a transaction, on PGlite', () => {
  checks(() => connectDatabase({ pgliteDir: 'memory://' }));
});

describe('a root query inside a transaction, on the test database', () => {
  const app = useTestApp();
  // The app's database is PostgreSQL under the api project, PGlite under api-pglite.
  checks(() => {
    const { connection, client } = app.db.client.config;
    return client === 'pg'
      ? connectDatabase({ databaseUrl: connection, pgliteDir: '' })
      : connectDatabase({ pgliteDir: 'memory://' });
  });
});
