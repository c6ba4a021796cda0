import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

export type HoldReason = 'kyc_limit' | 'sanctions';

export interface FundHoldRow {
  id: string;
  user_id: string;
  deposit_key: string;
  reason: HoldReason;
  amount_cents: number;
  created_at: Date;
  released_at: Date | null;
  released_by: string | null;
}

const columns = [
  'id',
  'user_id',
  'deposit_key',
  'reason',
  'amount_cents',
  'created_at',
  'released_at',
  'released_by',
] as const;
const toHold = (row: FundHoldRow): FundHoldRow => ({ ...row, amount_cents: Number(row.amount_cents) });

export const fundHoldsRepo = {
  async insert(trx: Knex.Transaction, hold: Omit<FundHoldRow, 'released_at' | 'released_by'>) {
    await trx('fund_holds').insert(hold);
  },

  /** The investor's holds, newest first (released ones too: the record of what happened). */
  async ofUser(executor: Db, userId: string) {
    const rows = await executor('fund_holds')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select<FundHoldRow[]>(columns);
    return rows.map(toHold);
  },

  /** The investor's unreleased holds of one reason, oldest first, locked until the transaction ends. */
  async unreleasedForUpdate(trx: Knex.Transaction, userId: string, reason: HoldReason) {
    const rows = await trx('fund_holds')
      .where({ user_id: userId, reason })
      .whereNull('released_at')
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .forUpdate()
      .select<FundHoldRow[]>(columns);
    return rows.map(toHold);
  },

  /** The investors with an unreleased hold of this reason. */
  usersHolding: (executor: Db, reason: HoldReason) =>
    executor('fund_holds').where({ reason }).whereNull('released_at').distinct().pluck('user_id') as Promise<string[]>,

  async byIdForUpdate(trx: Knex.Transaction, id: string) {
    const row = await trx('fund_holds').where({ id }).forUpdate().first<FundHoldRow | undefined>(columns);
    return row && toHold(row);
  },

  /** What the investor still has held from deposits since `since`, in cents (those count as not credited yet). */
  async unreleasedSince(executor: Db, userId: string, since: Date) {
    const row = await executor('fund_holds')
      .where({ user_id: userId })
      .whereNull('released_at')
      .where('created_at', '>=', since)
      .sum<{ cents: string | number | null }[]>('amount_cents as cents')
      .first();
    return Number(row?.cents ?? 0);
  },

  async markReleased(trx: Knex.Transaction, id: string, at: Date, by: string | null) {
    await trx('fund_holds').where({ id }).update({ released_at: at, released_by: by });
  },
};
