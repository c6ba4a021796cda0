import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/** A withdrawal as its on-chain payout reads and moves it. */
export interface PayoutWithdrawalRow {
  id: string;
  user_id: string;
  amount_cents: number;
  method: string;
  address: string;
  status: 'pending' | 'approved' | 'broadcast' | 'paid' | 'rejected';
  chain: string | null;
  coin: string | null;
  coin_units: string | null;
  coin_decimals: number | null;
  rate: string | null;
  tx_hash: string | null;
  payout_index: number | null;
  payout_block_hash: string | null;
  payout_block_height: string | number | null;
  reject_reason: string | null;
  created_at: Date;
}

export const onChainPayoutsRepo = {
  byId: (executor: Db, id: string) => executor<PayoutWithdrawalRow>('withdrawals').where({ id }).first(),

  lock: (trx: Knex.Transaction, id: string) =>
    trx<PayoutWithdrawalRow>('withdrawals').where({ id }).forUpdate().first(),

  async fixAmount(
    trx: Knex.Transaction,
    id: string,
    fixed: {
      chain: string;
      coin: string;
      coin_units: string;
      coin_decimals: number;
      rate: string;
      approved_by: string;
      approved_at: Date;
    },
  ) {
    await trx('withdrawals')
      .where({ id })
      .update({ ...fixed, status: 'approved', decided_by: fixed.approved_by, decided_at: fixed.approved_at });
  },

  async recordBroadcast(
    trx: Knex.Transaction,
    id: string,
    payment: {
      tx_hash: string;
      payout_index: number;
      payout_block_hash: string | null;
      payout_block_height: number | null;
    },
  ) {
    await trx('withdrawals')
      .where({ id })
      .update({ ...payment, status: 'broadcast' });
  },

  /** Whether another withdrawal already names this payment (the unique index settles a race; this says which). */
  paymentUsedBy: (executor: Db, chain: string, txHash: string, payoutIndex: number) =>
    executor('withdrawals')
      .where({ chain, payout_index: payoutIndex })
      .whereRaw('lower(tx_hash) = lower(?)', [txHash])
      .first<{ id: string } | undefined>('id'),

  /** The on-chain withdrawals of a chain waiting for confirmations, oldest first. */
  broadcastOn: (executor: Db, chain: string, limit: number) =>
    executor<PayoutWithdrawalRow>('withdrawals')
      .where({ chain, status: 'broadcast' })
      .orderBy('created_at')
      .limit(limit),

  async moveBlock(trx: Knex.Transaction, id: string, block: { hash: string; height: number }) {
    await trx('withdrawals')
      .where({ id, status: 'broadcast' })
      .update({ payout_block_hash: block.hash, payout_block_height: block.height });
  },

  async markPaid(trx: Knex.Transaction, id: string, at: Date) {
    await trx('withdrawals').where({ id, status: 'broadcast' }).update({ status: 'paid', paid_at: at });
  },

  /** The payment left the chain (a reorg): the withdrawal waits for a payment again, its amount still fixed. */
  async backToApproved(trx: Knex.Transaction, id: string) {
    await trx('withdrawals').where({ id, status: 'broadcast' }).update({
      status: 'approved',
      tx_hash: null,
      payout_index: null,
      payout_block_hash: null,
      payout_block_height: null,
    });
  },
};
