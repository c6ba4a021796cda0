import type { Knex } from 'knex';

/**
 * Runs `work` only if no other process holds this chain's scanner lock (a PostgreSQL advisory lock
 * on a connection kept for the purpose, so it is released if the process dies). Embedded PGlite has
 * one connection and one process, so there it simply runs. Returns false when another holds the lock.
 */
export async function withScannerLock(db: Knex, chain: string, work: () => Promise<void>): Promise<boolean> {
  if (db.client.config.client !== 'pg') {
    await work();
    return true;
  }
  const key = `chain-scanner:${chain}`;
  const connection = await db.client.acquireConnection();
  try {
    const { rows } = await db.raw('select pg_try_advisory_lock(hashtext(?)) as locked', [key]).connection(connection);
    if (!rows[0].locked) return false;
    try {
      await work();
    } finally {
      await db.raw('select pg_advisory_unlock(hashtext(?))', [key]).connection(connection);
    }
    return true;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
