import type { Db } from '../../db/connect';

export type SnapshotKind = 'coins' | 'bitcoin-prices';

export interface StoredSnapshot<T> {
  payload: T;
  fetchedAt: Date;
}

/** The last good upstream answer per kind, in Postgres so replicas and restarts share it. */
export const marketSnapshotsRepo = {
  async read<T>(db: Db, kind: SnapshotKind): Promise<StoredSnapshot<T> | undefined> {
    const row = await db('market_snapshots')
      .where({ kind })
      .first<{ payload: T; fetched_at: Date | string } | undefined>();
    return row ? { payload: row.payload, fetchedAt: new Date(row.fetched_at) } : undefined;
  },

  async save(db: Db, kind: SnapshotKind, payload: unknown, fetchedAt: Date) {
    // Serialised by hand: pg would send a JS array as a Postgres array, not JSON.
    await db('market_snapshots')
      .insert({ kind, payload: JSON.stringify(payload), fetched_at: fetchedAt })
      .onConflict('kind')
      .merge();
  },
};
