import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/** The investor's row locked for an action on their account; undefined when there is no such investor. */
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

export const adminExists = async (db: Db) => Boolean(await db('users').where({ role: 'admin' }).first('id'));
