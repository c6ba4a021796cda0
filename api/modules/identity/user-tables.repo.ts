import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/**
 * What other rooms may read of identity's users, for their own statements: a user's e-mail beside their row, the
 * admins to notify, where a person's mail goes, and a lock on one user to serialise their changes.
 */
export const userContactsQuery = (executor: Db) => executor('users').select('id', 'email', 'language');

export const adminIds = (executor: Db) => executor('users').where({ role: 'admin' }).pluck('id') as Promise<string[]>;

export const mailRecipient = (executor: Db, userId: string) =>
  executor('users').where({ id: userId }).first<{ email: string; language: string }>('email', 'language');

/** Serialises one person's writes elsewhere (their push subscriptions, say) behind their user row. */
export const lockUser = (trx: Knex.Transaction, userId: string) =>
  trx('users').where({ id: userId }).forUpdate().first('id');

/** The investor's row locked for an admin's action on their account; undefined when there is no such investor. */
export const lockInvestor = (trx: Knex.Transaction, userId: string) =>
  trx('users')
    .where({ id: userId, role: 'investor' })
    .forUpdate()
    .first<{ id: string; email: string } | undefined>('id', 'email');

/** Revokes the user's open sessions (neither revoked nor expired at `now`) and answers how many there were. */
export const endOpenSessions = (trx: Knex.Transaction, userId: string, now: Date) =>
  trx('sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .where('expires_at', '>', now)
    .update({ revoked_at: now });

export const adminExists = async (executor: Db) =>
  Boolean(await executor('users').where({ role: 'admin' }).first('id'));

/** Who referred the investor, if anyone. */
export const referrerOf = async (trx: Knex.Transaction, userId: string) =>
  (await trx('users').where({ id: userId }).first<{ referred_by: string | null } | undefined>('referred_by'))
    ?.referred_by ?? null;

export const referralCodeOf = async (executor: Db, userId: string) =>
  (await executor('users').where({ id: userId }).first<{ referral_code: string }>('referral_code')).referral_code;

/** The investors `userId` referred (id, first name, when they joined), to join beside their bonuses. */
export const referredUsersQuery = (executor: Db, userId: string) =>
  executor('users').where({ referred_by: userId }).select('id', 'first_name', 'created_at');
