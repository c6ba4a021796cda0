import type { Knex } from 'knex';
import type { TreeVersion } from '../../contracts/liability-tree';
import type { Db } from '../../db/connect';
import {
  holdTransfersAtNewestPoint,
  investorAccountsQuery,
  investorMoneyAtPointQuery,
  type InvestorAccountKind,
} from '../ledger/ledger.api';

export interface SnapshotRow {
  id: number;
  ledger_transaction_id: number;
  root: string;
  total_cents: number;
  investors: number;
  taken_at: Date;
  encoding: TreeVersion;
  leaves_per_investor: number;
}

export interface LeafRow {
  position: number;
  user_id: string;
  user_key: string;
  /** The leaf's index among its investor's leaves (0 in a version 1 snapshot). */
  part: number;
  salt: string;
  cents: number;
}

/**
 * What `/asset` adds up as the investor's money (`investorBalances`, `presentAssets`' total): every account, held money
 * included (it is owed to the investor even while it may not be used).
 */
const liabilityKinds: InvestorAccountKind[] = ['available', 'invested', 'pending_withdrawal', 'held'];

const snapshotColumns = [
  'id',
  'ledger_transaction_id',
  'root',
  'total_cents',
  'investors',
  'taken_at',
  'encoding',
  'leaves_per_investor',
] as const;
const leafColumns = ['position', 'user_id', 'user_key', 'part', 'salt', 'cents'] as const;
const toSnapshot = (row: SnapshotRow): SnapshotRow => ({
  ...row,
  id: Number(row.id),
  ledger_transaction_id: Number(row.ledger_transaction_id),
  total_cents: Number(row.total_cents),
});

/** Many rows in one statement per batch: arrays through unnest keep a 100,000-row insert to a few round trips. */
const batchSize = 20_000;

export const liabilityRepo = {
  /** Until the transaction ends, a lock waited for longer than `wait` fails the statement (55P03). */
  async setLockTimeout(trx: Knex.Transaction, wait: string) {
    await trx.raw(`set local lock_timeout = '${wait}'`);
  },

  /**
   * Every investor's liability and the ledger point they stand at: transfers are held back while the balances are
   * read, so they include exactly the transactions up to that point. Investors with no account yet are liabilities
   * of 0.
   */
  async liabilitiesAtOnePoint(trx: Knex.Transaction) {
    const point = await holdTransfersAtNewestPoint(trx);
    const { rows } = await trx.raw<{ rows: { user_id: string; user_key: string | null; cents: string }[] }>(
      `select u.id as user_id, k.user_key, coalesce(sum(a.balance_cents) filter (where a.kind = any(?)), 0) as cents
       from users u left join ? a on a.user_id = u.id
       left join liability_user_keys k on k.user_id = u.id
       where u.role = 'investor' or a.user_id is not null
       group by u.id, k.user_key`,
      [liabilityKinds, investorAccountsQuery(trx)],
    );
    return {
      point,
      balances: rows.map((row) => ({ userId: row.user_id, userKey: row.user_key, cents: Number(row.cents) })),
    };
  },

  /** Opaque leaf ids for investors in their first snapshot (all of them in the very first one). */
  async userKeys(trx: Knex.Transaction, userIds: string[]) {
    const keys = new Map<string, string>();
    for (let start = 0; start < userIds.length; start += batchSize) {
      const batch = userIds.slice(start, start + batchSize);
      await trx.raw(
        'insert into liability_user_keys (user_id) select unnest(?::uuid[]) on conflict (user_id) do nothing',
        [batch],
      );
      const { rows } = await trx.raw<{ rows: { user_id: string; user_key: string }[] }>(
        'select user_id, user_key from liability_user_keys where user_id = any(?::uuid[])',
        [batch],
      );
      for (const row of rows) keys.set(row.user_id, row.user_key);
    }
    return keys;
  },

  async nextSnapshotId(trx: Knex.Transaction) {
    const { rows } = await trx.raw<{ rows: { id: string }[] }>("select nextval('liability_snapshots_id_seq') as id");
    return Number(rows[0]!.id);
  },

  async insertSnapshot(
    trx: Knex.Transaction,
    row: SnapshotRow & { daily_key: string | null; taken_by: string | null; upper_nodes: Buffer },
  ) {
    await trx('liability_snapshots').insert(row);
  },

  async insertLeaves(trx: Knex.Transaction, snapshotId: number, leaves: LeafRow[]) {
    for (let start = 0; start < leaves.length; start += batchSize) {
      const batch = leaves.slice(start, start + batchSize);
      // Each column as one comma-joined text (uuids, hex and digits hold no comma): the driver sends it as it is
      // instead of escaping 20,000 array elements one by one.
      const column = (value: (leaf: LeafRow) => string | number) => batch.map(value).join(',');
      await trx.raw(
        `insert into liability_leaves (snapshot_id, position, user_id, user_key, part, salt, cents)
         select ?, * from unnest(string_to_array(?, ',')::int[], string_to_array(?, ',')::uuid[],
           string_to_array(?, ',')::uuid[], string_to_array(?, ',')::smallint[], string_to_array(?, ','),
           string_to_array(?, ',')::bigint[])`,
        [
          snapshotId,
          column((leaf) => leaf.position),
          column((leaf) => leaf.user_id),
          column((leaf) => leaf.user_key),
          column((leaf) => leaf.part),
          column((leaf) => leaf.salt),
          column((leaf) => leaf.cents),
        ],
      );
    }
  },

  async hasDaily(db: Db, dailyKey: string) {
    return Boolean(await db('liability_snapshots').where({ daily_key: dailyKey }).first('id'));
  },

  /** Newest first; the page lists a year of daily snapshots at most. */
  async list(db: Db, limit = 400) {
    const rows = await db('liability_snapshots')
      .select<SnapshotRow[]>(...snapshotColumns)
      .orderBy('id', 'desc')
      .limit(limit);
    return rows.map(toSnapshot);
  },

  async byId(db: Db, id: number) {
    const row = await db('liability_snapshots')
      .where({ id })
      .first<(SnapshotRow & { upper_nodes: Buffer }) | undefined>(...snapshotColumns, 'upper_nodes');
    return row && { ...toSnapshot(row), upper_nodes: row.upper_nodes };
  },

  /** The investor's leaves in a snapshot, part 0 first (none when they were not in it). */
  async leavesOf(db: Db, snapshotId: number, userId: string) {
    const rows = await db('liability_leaves')
      .where({ snapshot_id: snapshotId, user_id: userId })
      .orderBy('part')
      .select<LeafRow[]>(...leafColumns);
    return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
  },

  /** The leaves at positions from `first` to `last`, in order. */
  async leavesBetween(db: Db, snapshotId: number, first: number, last: number) {
    const rows = await db('liability_leaves')
      .where({ snapshot_id: snapshotId })
      .whereBetween('position', [first, last])
      .orderBy('position')
      .select<LeafRow[]>(...leafColumns);
    return rows.map((row) => ({ ...row, cents: Number(row.cents) }));
  },

  /**
   * The investors whose leaves in a snapshot do not add up to their money in the ledger at the snapshot's point,
   * with both sums (null where that side has no row).
   */
  async leavesDifferingFromLedger(db: Db, snapshot: Pick<SnapshotRow, 'id' | 'ledger_transaction_id'>) {
    const { rows } = await db.raw<{ rows: { user_id: string; leaf: string | null; ledger: string | null }[] }>(
      `select coalesce(l.user_id, e.user_id) as user_id, l.cents as leaf, e.cents as ledger
       from (select user_id, sum(cents) as cents from liability_leaves where snapshot_id = :id group by user_id) l
       full join :ledger e on e.user_id = l.user_id
       where l.cents is distinct from coalesce(e.cents, case when l.user_id is null then null else 0 end)`,
      { id: snapshot.id, ledger: investorMoneyAtPointQuery(db, snapshot.ledger_transaction_id) },
    );
    return rows;
  },
};
