import type { Knex } from 'knex';

/** Whether the investor has a confirmed deposit other than `depositId` (a referral bonus is paid on the first only). */
export const hasOtherConfirmedDeposit = async (trx: Knex.Transaction, userId: string, depositId: string) =>
  Boolean(
    await trx('deposits').where({ user_id: userId, status: 'confirmed' }).whereNot({ id: depositId }).first('id'),
  );
