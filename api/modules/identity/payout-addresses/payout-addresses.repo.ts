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
