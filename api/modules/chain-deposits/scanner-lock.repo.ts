import type { Knex } from 'knex';

/**
 * Runs `work` only if no other process holds this chain's scanner lock: a transaction-scoped advisory lock taken in
 * a transaction of its own that stays open while the pass runs. Transaction-scoped, because a session lock means
 * nothing behind a transaction-pooling PgBouncer (the next query may use another server connection), while an open
 * transaction keeps its server connection there too. If the process dies, its connection closes, the transaction
 * rolls back and the lock is free; after a failover the new primary holds no lock at all. The pass's own writes use
 * other connections (the lock's transaction writes nothing). Embedded PGlite has one connection and one process, so
 * there it simply runs. Returns false when another holds the lock.
 */
export async function withScannerLock(db: Knex, chain: string, work: () => Promise<void>): Promise<boolean> {
  if (db.client.config.client !== 'pg') {
    await work();
    return true;
  }
  // Without a callback, so the pass's queries on the root pool are not "inside" this transaction.
  const lockHolder = await db.transaction();
  try {
    const { rows } = await lockHolder.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [
      `chain-scanner:${chain}`,
    ]);
    if (!rows[0].locked) return false;
    await work();
    return true;
  } finally {
    await lockHolder.rollback().catch(() => undefined);
  }
}
