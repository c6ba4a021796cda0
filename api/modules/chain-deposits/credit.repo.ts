import type { Knex } from 'knex';

export interface PaymentRow {
  id: number;
  tx_hash: string;
  output_index: number;
  quote_id: string;
  user_id: string;
  coin: string;
  units: string;
  quoted_units: string;
  decimals: number;
  status: string;
  rate: string | null;
  priced_by_quote: boolean;
  credited_at: Date | null;
  credited_cents: number | null;
}

/** The crediting's reads and writes of chain payments; each credit's own ones run on its transaction. */
export const creditRepo = {
  /** Payments seen in a block below the one just scanned now have a confirmation past their own block. */
  async markConfirming(db: Knex, chain: string, scanned: number) {
    await db('chain_payments')
      .where({ chain, status: 'seen' })
      .andWhere('block_height', '<', scanned)
      .update({ status: 'confirming' });
  },

  dueForCredit: (db: Knex, chain: string, lastCreditable: number) =>
    db('chain_payments')
      .where({ chain })
      .whereIn('status', ['seen', 'confirming'])
      .andWhere('block_height', '<=', lastCreditable)
      .orderBy('id')
      .select<PaymentRow[]>(),

  paymentForUpdate: (trx: Knex.Transaction, id: number) =>
    trx('chain_payments').where({ id }).forUpdate().first<PaymentRow | undefined>(),

  /** A payment credited before a reorg moved it, found again: credited as it was, with its first rate and cents. */
  async markCreditedAgain(trx: Knex.Transaction, id: number) {
    await trx('chain_payments').where({ id }).update({ status: 'credited' });
  },

  quoteTerms: (trx: Knex.Transaction, quoteId: string) =>
    trx('deposit_quotes')
      .where({ id: quoteId })
      .first<{ coin_units: string; amount_cents: number; rate: string }>('coin_units', 'amount_cents', 'rate'),

  async markCredited(trx: Knex.Transaction, id: number, credit: { rate: string; cents: number; at: Date }) {
    await trx('chain_payments')
      .where({ id })
      .update({ status: 'credited', rate: credit.rate, credited_cents: credit.cents, credited_at: credit.at });
  },
};
