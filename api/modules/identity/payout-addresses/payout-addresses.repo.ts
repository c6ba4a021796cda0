import type { Knex } from 'knex';
import type { Db } from '../../../db/connect';

export const payoutKinds = ['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'] as const;
export type PayoutKind = (typeof payoutKinds)[number];

/** The `users` column holding each kind's address in force. */
export const payoutColumn = {
  bitcoin: 'bitcoin_address',
  ethereum: 'ethereum_address',
  usdt: 'usdt_address',
  litecoin: 'litecoin_address',
  dogecoin: 'dogecoin_address',
} as const;

export interface PendingRow {
  user_id: string;
  kind: PayoutKind;
  address: string | null;
  requested_at: Date;
  confirmed_at: Date | null;
  effective_at: Date | null;
}

export interface NewPendingRow extends PendingRow {
  token_hash: string;
  link_expires_at: Date;
}

const pending = (db: Db) => db('pending_payout_addresses');

export const payoutAddressesRepo = {
  async addressInForce(db: Db, userId: string, kind: PayoutKind): Promise<string | null> {
    const user = await db('users').where({ id: userId }).first(payoutColumn[kind]);
    return user?.[payoutColumn[kind]] ?? null;
  },

  setAddressInForce: (db: Db, userId: string, kind: PayoutKind, address: string | null) =>
    db('users')
      .where({ id: userId })
      .update({ [payoutColumn[kind]]: address }),

  /** The user's confirmed changes whose hold is over at `now`, locked; rows another run holds are skipped. */
  dueForUpdate: (db: Db, userId: string, now: Date) =>
    pending(db)
      .where({ user_id: userId })
      .whereNotNull('effective_at')
      .where('effective_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .select<PendingRow[]>('*'),

  usersWithDueChanges: (db: Db, now: Date): Promise<string[]> =>
    pending(db).whereNotNull('effective_at').where('effective_at', '<=', now).distinct().pluck('user_id'),

  find: (db: Db, userId: string, kind: PayoutKind) =>
    pending(db).where({ user_id: userId, kind }).first<PendingRow | undefined>(),

  listForUser: (db: Db, userId: string) => pending(db).where({ user_id: userId }).select<PendingRow[]>('*'),

  /** A new request replaces the one waiting for the same kind. */
  save: (db: Db, row: NewPendingRow) => pending(db).insert(row).onConflict(['user_id', 'kind']).merge(),

  /** Deletes the change waiting for this kind and returns it, if there was one. */
  async remove(db: Db, userId: string, kind: PayoutKind) {
    const [removed] = await pending(db).where({ user_id: userId, kind }).delete().returning<PendingRow[]>('*');
    return removed;
  },

  /**
   * The payout addresses of `kind`, in force or waiting, found in `listed` (a subquery of addresses as the chain
   * compares them: lower-case hex or bech32, base58 as written), for the screening of a new sanctions list.
   */
  async storedIn(db: Db, kind: PayoutKind, listed: Knex.QueryBuilder) {
    const column = payoutColumn[kind];
    const matches = (query: Knex.QueryBuilder, name: string) =>
      query.whereIn(name, listed.clone()).orWhereIn(db.raw('lower(??)', [name]) as unknown as string, listed.clone());
    const inForce = await db('users')
      .where((query) => matches(query, column))
      .select<Array<{ user_id: string; address: string }>>('id as user_id', `${column} as address`);
    const waiting = await pending(db)
      .where({ kind })
      .whereNotNull('address')
      .where((query) => matches(query, 'address'))
      .select<Array<{ user_id: string; address: string }>>('user_id', 'address');
    return [...inForce, ...waiting];
  },

  /** Starts the hold of the change whose unexpired, unconfirmed link has this hash; undefined when there is none. */
  async confirmByToken(db: Db, tokenHash: string, now: Date, effectiveAt: Date) {
    const [confirmed] = await pending(db)
      .where({ token_hash: tokenHash })
      .whereNull('confirmed_at')
      .where('link_expires_at', '>', now)
      .update({ confirmed_at: now, effective_at: effectiveAt })
      .returning<PendingRow[]>('*');
    return confirmed;
  },
};
