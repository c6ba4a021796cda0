import type { Knex } from 'knex';

/**
 * Deposits' part of an erasure (issue 37): the deposits and their receipt images stay as financial records; the
 * receipts' original file names, which people write their names into, are forgotten.
 */
export const forgetReceiptFileNames = (trx: Knex.Transaction, userId: string) =>
  trx('receipt_files')
    .whereIn('id', trx('deposits').where({ user_id: userId }).whereNotNull('receipt_file_id').select('receipt_file_id'))
    .update({ original_name: null });
