import type { Db } from '../../db/connect';

/**
 * The investor's data export across rooms (issue 37), one statement per table, and the money-in-flight check of an
 * erasure. A read model listed in eslint.config.js `crossRoomReadModels`: it reads other rooms' tables, never writes
 * them, never the ledger's (ledger entries and balances come from ledger.api.ts).
 */

export const profileOf = (executor: Db, userId: string) =>
  executor('users')
    .where({ id: userId })
    .first(
      'id',
      'role',
      'email',
      'name',
      'first_name',
      'last_name',
      'phone_number',
      'country',
      'address',
      'bank_name',
      'account_name',
      'account_number',
      'swift_code',
      'referral_code',
      'language',
      'email_verified_at',
      'created_at',
      'updated_at',
    );

export const payoutAddressesOf = (executor: Db, userId: string) =>
  executor('users')
    .where({ id: userId })
    .first<Record<string, string | null> | undefined>(
      'bitcoin_address',
      'ethereum_address',
      'usdt_address',
      'litecoin_address',
      'dogecoin_address',
    );

export const pendingPayoutAddressesOf = (executor: Db, userId: string) =>
  executor('pending_payout_addresses')
    .where({ user_id: userId })
    .orderBy('requested_at')
    .select('kind', 'address', 'requested_at', 'confirmed_at', 'effective_at');

/** Sessions without their id (what names the token): when, where from and in which browser. */
export const sessionsOf = (executor: Db, userId: string) =>
  executor('sessions')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select('created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'ip', 'user_agent');

/** Known browsers, by when first seen (their device hash is a credential of sorts: left out). */
export const devicesOf = (executor: Db, userId: string) =>
  executor('known_devices').where({ user_id: userId }).orderBy('first_seen_at').select('first_seen_at');

export const depositsOf = (executor: Db, userId: string) =>
  executor('deposits as d')
    .leftJoin('plans as p', 'p.id', 'd.plan_id')
    .leftJoin('receipt_files as f', 'f.id', 'd.receipt_file_id')
    .where('d.user_id', userId)
    .orderBy([{ column: 'd.created_at' }, { column: 'd.id' }])
    .select(
      'd.id',
      'd.amount_cents',
      'd.coin',
      'p.name as plan',
      'd.plan_version',
      'd.status',
      'd.reject_reason',
      'd.decided_at',
      'd.created_at',
      'f.original_name as receipt_name',
      'f.content_type as receipt_type',
      'f.size_bytes as receipt_bytes',
    );

export const quotesOf = (executor: Db, userId: string) =>
  executor('deposit_quotes as q')
    .leftJoin('chain_addresses as a', 'a.id', 'q.address_id')
    .where('q.user_id', userId)
    .orderBy([{ column: 'q.created_at' }, { column: 'q.id' }])
    .select(
      'q.id',
      'q.coin',
      'q.chain',
      'a.address',
      'q.amount_cents',
      'q.coin_units',
      'q.rate',
      'q.rate_as_of',
      'q.expires_at',
      'q.created_at',
    );

export const paymentsOf = (executor: Db, userId: string) =>
  executor('chain_payments')
    .where({ user_id: userId })
    .orderBy('id')
    .select(
      'id',
      'chain',
      'coin',
      'tx_hash',
      'output_index',
      'quote_id',
      'units',
      'decimals',
      'status',
      'block_height',
      'rate',
      'credited_cents',
      'first_seen_at',
      'credited_at',
    );

export const investmentsOf = (executor: Db, userId: string) =>
  executor('investments as i')
    .leftJoin('plans as p', 'p.id', 'i.plan_id')
    .where('i.user_id', userId)
    .orderBy([{ column: 'i.starts_at' }, { column: 'i.id' }])
    .select(
      'i.id',
      'p.name as plan',
      'i.amount_cents',
      'i.expected_return_cents',
      'i.status',
      'i.deposit_id',
      'i.starts_at',
      'i.matures_at',
      'i.matured_at',
    );

export const withdrawalsOf = (executor: Db, userId: string) =>
  executor('withdrawals')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select(
      'id',
      'amount_cents',
      'method',
      'chain',
      'coin',
      'address',
      'coin_units',
      'rate',
      'status',
      'tx_hash',
      'reject_reason',
      'created_at',
      'approved_at',
      'decided_at',
      'paid_at',
    );

/** Who referred the investor (their first name only) and whom they referred (first name, when they joined). */
export async function referralsOf(executor: Db, userId: string) {
  const referrer = await executor('users as u')
    .join('users as r', 'r.id', 'u.referred_by')
    .where('u.id', userId)
    .first<{ first_name: string | null } | undefined>('r.first_name');
  const referred = await executor('users')
    .where({ referred_by: userId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select<{ first_name: string | null; created_at: Date }[]>('first_name', 'created_at');
  return { referrer: referrer ?? null, referred };
}

export const notificationsOf = (executor: Db, userId: string) =>
  executor('notifications')
    .where({ user_id: userId })
    .orderBy('id')
    .select('kind', 'params', 'link', 'created_at', 'read_at', 'done_at');

export const notificationPreferencesOf = (executor: Db, userId: string) =>
  executor('notification_preferences')
    .where({ user_id: userId })
    .orderBy('category')
    .select('category', 'email', 'push', 'updated_at');

/**
 * The money of the investor still moving, by what it is: deposits waiting for a decision, quotes awaiting payment
 * (open, or paid and not yet credited), withdrawals neither paid nor rejected, investments still running.
 */
export async function moneyInFlightOf(executor: Db, userId: string, now: Date) {
  const count = (query: ReturnType<Db>) =>
    query.count<{ count: string }[]>('* as count').then((rows) => Number(rows[0]?.count ?? 0));
  const deposits = await count(executor('deposits').where({ user_id: userId, status: 'pending' }));
  const quotes = await count(
    executor('deposit_quotes as q')
      .where('q.user_id', userId)
      .where('q.expires_at', '>', now)
      .whereNotExists(executor('chain_payments as c').whereRaw('c.quote_id = q.id').select(executor.raw('1'))),
  );
  const payments = await count(
    executor('chain_payments').where({ user_id: userId }).whereIn('status', ['seen', 'confirming']),
  );
  const withdrawals = await count(
    executor('withdrawals').where({ user_id: userId }).whereNotIn('status', ['paid', 'rejected']),
  );
  const investments = await count(executor('investments').where({ user_id: userId, status: 'active' }));
  return { deposits, quotes: quotes + payments, withdrawals, investments };
}

/** The payout addresses an unpaid withdrawal still pays to: kept when the rest are cleared. */
export const addressesInUseOf = (executor: Db, userId: string) =>
  executor('withdrawals')
    .where({ user_id: userId })
    .whereNotIn('status', ['paid', 'rejected'])
    .pluck('address') as Promise<string[]>;

/** The password hash to check the investor's own erasure request against (never exported). */
export const passwordHashOf = async (executor: Db, userId: string) =>
  (await executor('users').where({ id: userId }).first<{ password_hash: string } | undefined>('password_hash'))
    ?.password_hash;
