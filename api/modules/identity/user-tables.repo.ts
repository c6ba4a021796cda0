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
