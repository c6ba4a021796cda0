import type { Knex } from 'knex';

/** Who referred the investor, if anyone. */
export const referrerOf = async (trx: Knex.Transaction, userId: string) =>
  (await trx('users').where({ id: userId }).first<{ referred_by: string | null } | undefined>('referred_by'))
    ?.referred_by ?? null;

/** Whether the investor has a confirmed deposit other than `depositId`: the bonus is paid on the first only. */
export const hasOtherConfirmedDeposit = async (trx: Knex.Transaction, userId: string, depositId: string) =>
  Boolean(
    await trx('deposits').where({ user_id: userId, status: 'confirmed' }).whereNot({ id: depositId }).first('id'),
  );
