import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/**
 * Identity's part of an investor's data export and erasure (issue 37): the person's own rows, and their replacement by
 * a pseudonymous husk that keeps its id for the financial records naming it.
 */

export interface ErasableUser {
  id: string;
  role: 'investor' | 'admin';
  email: string;
  password_hash: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  address: string | null;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  swift_code: string | null;
  erased_at: Date | null;
}

const payoutColumns = [
  'bitcoin_address',
  'ethereum_address',
  'usdt_address',
  'litecoin_address',
  'dogecoin_address',
] as const;
export type PayoutColumn = (typeof payoutColumns)[number];

/** The user row locked for its erasure; undefined when there is no such user. */
export const lockUserForErasure = (trx: Knex.Transaction, userId: string) =>
  trx('users').where({ id: userId }).forUpdate().first<ErasableUser | undefined>();

/**
 * The user row FOR SHARE, for a write that puts the investor's money in flight (a receipt, a quote, an investment, a
 * withdrawal): it waits for an erasure holding the row FOR UPDATE, and an erasure waits for it, so the erasure sees
 * what the write committed. Answers when the user was erased (null while not), undefined when there is no such user.
 */
export const userForShareAgainstErasure = async (trx: Knex.Transaction, userId: string) =>
  (await trx('users').where({ id: userId }).forShare().first<{ erased_at: Date | null } | undefined>('erased_at'))
    ?.erased_at;

/** The values of a person that other records may have copied: the IPs and browsers of their sessions. */
export const sessionTracesOf = async (executor: Db, userId: string) => {
  const rows = await executor('sessions')
    .where({ user_id: userId })
    .select<{ ip: string | null; user_agent: string | null }[]>('ip', 'user_agent');
  return rows.flatMap((row) => [row.ip, row.user_agent]).filter((value): value is string => Boolean(value));
};

/**
 * Replaces the person's data: e-mail to `erased-<id>@invalid` (the old address is free to register again), a password
 * hash nothing verifies against, every personal column and payout address (but those an unpaid withdrawal still pays
 * to) cleared; sessions ended with their IP and browser blanked; devices, tokens, two-factor, recovery codes and
 * pending payout addresses gone.
 */
export async function eraseIdentity(
  trx: Knex.Transaction,
  userId: string,
  { at, keepAddresses }: { at: Date; keepAddresses: readonly string[] },
) {
  const addresses = await trx('users').where({ id: userId }).first<Record<PayoutColumn, string | null>>(payoutColumns);
  const clearedAddresses = Object.fromEntries(
    payoutColumns.map((column) => {
      const value = addresses?.[column] ?? null;
      return [column, value && keepAddresses.includes(value) ? value : null];
    }),
  );
  await trx('users')
    .where({ id: userId })
    .update({
      email: `erased-${userId}@invalid`,
      password_hash: '!erased',
      name: null,
      first_name: null,
      last_name: null,
      phone_number: null,
      country: null,
      address: null,
      bank_name: null,
      account_name: null,
      account_number: null,
      swift_code: null,
      ...clearedAddresses,
      erased_at: at,
      updated_at: at,
    });
  await trx('sessions')
    .where({ user_id: userId })
    .update({ revoked_at: trx.raw('coalesce(revoked_at, ?)', [at]), ip: null, user_agent: null });
  await trx('known_devices').where({ user_id: userId }).del();
  await trx('auth_tokens').where({ user_id: userId }).del();
  await trx('pending_payout_addresses').where({ user_id: userId }).del();
  await trx('two_factor_recovery_codes').where({ user_id: userId }).del();
  await trx('user_two_factor').where({ user_id: userId }).del();
}
