import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { userContactsQuery } from '../identity/user-tables.api';

export type PayoutBatchStatus = 'unsigned' | 'broadcast' | 'confirmed' | 'replaced' | 'failed';

export interface PayoutBatchRow {
  id: string;
  family_id: string;
  replaces_id: string | null;
  chain: string;
  coin: string;
  status: PayoutBatchStatus;
  psbt: string;
  unsigned_tx: string;
  txid: string;
  raw_tx: string | null;
  fee_units: string;
  fee_rate: string;
  fee_cents: string | number;
  virtual_size: number;
  rate: string;
  decimals: number;
  change_index: number;
  change_vout: number | null;
  change_units: string | null;
  change_address: string;
  block_hash: string | null;
  block_height: string | number | null;
  searched_height: string | number | null;
  failure_reason: string | null;
  created_by: string | null;
  created_at: Date;
  broadcast_at: Date | null;
  confirmed_at: Date | null;
}

export interface OperatorCoinRow {
  chain: string;
  txid: string;
  vout: number;
  units: string;
  script: string;
  branch: 0 | 1;
  derivation_index: number;
  reserved_by: string | null;
  spent_by: string | null;
}

/** A withdrawal as a batch pays it. */
export interface BatchedWithdrawalRow {
  id: string;
  user_id: string;
  amount_cents: number | string;
  method: string;
  address: string;
  status: string;
  chain: string;
  coin: string;
  coin_units: string;
  coin_decimals: number;
  rate: string;
  tx_hash: string | null;
  payout_index: number | null;
  payout_batch_family: string | null;
  created_at: Date;
}

const outpointKey = (coin: { txid: string; vout: number }) => `${coin.txid}:${coin.vout}`;

export const payoutBatchesRepo = {
  /** Serialises the building of batches on one chain (transaction-scoped, so it holds behind a pooler too). */
  async lockChain(trx: Knex.Transaction, chain: string) {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`payout-batches:${chain}`]);
  },

  /** Adds the deposits' credited outputs the operator holds; coins already known keep their reservation. */
  async addDepositCoins(
    trx: Knex.Transaction,
    chain: string,
    outputs: Array<{ txid: string; vout: number; units: string; script: string; derivation_index: number }>,
    at: Date,
  ) {
    for (let start = 0; start < outputs.length; start += 500)
      await trx('operator_coins')
        .insert(
          outputs.slice(start, start + 500).map((output) => ({
            chain,
            txid: output.txid,
            vout: output.vout,
            units: output.units,
            script: output.script,
            branch: 0,
            derivation_index: output.derivation_index,
            created_at: at,
          })),
        )
        .onConflict(['chain', 'txid', 'vout'])
        .ignore();
  },

  /** The coins neither reserved by a batch nor spent, locked (another builder skips them). */
  unreservedCoins: (trx: Knex.Transaction, chain: string) =>
    trx<OperatorCoinRow>('operator_coins')
      .where({ chain })
      .whereNull('reserved_by')
      .whereNull('spent_by')
      .orderBy([{ column: 'units', order: 'desc' }, 'txid', 'vout'])
      .forUpdate()
      .skipLocked(),

  /** Unreserved, unspent coins' total, for the preview. */
  unreservedCoinsOf: (executor: Db, chain: string) =>
    executor<OperatorCoinRow>('operator_coins').where({ chain }).whereNull('reserved_by').whereNull('spent_by'),

  async markSpent(executor: Db, chain: string, coins: Array<{ txid: string; vout: number }>, spentBy: string) {
    for (const coin of coins)
      await executor('operator_coins')
        .where({ chain, txid: coin.txid, vout: coin.vout })
        .whereNull('spent_by')
        .update({ spent_by: spentBy, reserved_by: null });
  },

  async reserve(trx: Knex.Transaction, chain: string, coins: Array<{ txid: string; vout: number }>, familyId: string) {
    for (const coin of coins)
      await trx('operator_coins').where({ chain, txid: coin.txid, vout: coin.vout }).update({ reserved_by: familyId });
  },

  async release(trx: Knex.Transaction, familyId: string) {
    await trx('operator_coins').where({ reserved_by: familyId }).whereNull('spent_by').update({ reserved_by: null });
  },

  coinsOf: (executor: Db, familyId: string) =>
    executor<OperatorCoinRow>('operator_coins')
      .where({ reserved_by: familyId })
      .orWhere((spent) =>
        spent.whereIn('spent_by', executor('payout_batches').where({ family_id: familyId }).select('txid')),
      ),

  async addChangeCoin(
    trx: Knex.Transaction,
    coin: { chain: string; txid: string; vout: number; units: string; script: string; derivation_index: number },
    at: Date,
  ) {
    await trx('operator_coins')
      .insert({ ...coin, branch: 1, created_at: at })
      .onConflict(['chain', 'txid', 'vout'])
      .ignore();
  },

  /** The approved withdrawals of a chain not yet in a batch (only `ids` when given), locked, oldest first. */
  approvedFor: (trx: Knex.Transaction, chain: string, ids?: string[]) => {
    const query = trx<BatchedWithdrawalRow>('withdrawals')
      .where({ chain, status: 'approved' })
      .orderBy(['created_at', 'id'])
      .forUpdate()
      .skipLocked();
    return ids ? query.whereIn('id', ids) : query;
  },

  approvedOf: (executor: Db, chain: string, ids?: string[]) => {
    const query = executor<BatchedWithdrawalRow>('withdrawals')
      .where({ chain, status: 'approved' })
      .orderBy(['created_at', 'id']);
    return ids ? query.whereIn('id', ids) : query;
  },

  async nextChangeIndex(trx: Knex.Transaction, chain: string) {
    const row = await trx('payout_batches').where({ chain }).max<{ max: number | null }>('change_index as max').first();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  },

  async insert(
    trx: Knex.Transaction,
    row: Omit<
      PayoutBatchRow,
      'block_hash' | 'block_height' | 'searched_height' | 'failure_reason' | 'broadcast_at' | 'confirmed_at' | 'raw_tx'
    >,
  ) {
    await trx('payout_batches').insert(row);
  },

  async putInBatch(trx: Knex.Transaction, familyId: string, withdrawals: Array<{ id: string; payoutIndex: number }>) {
    for (const withdrawal of withdrawals)
      await trx('withdrawals')
        .where({ id: withdrawal.id, status: 'approved' })
        .update({ status: 'in_batch', payout_batch_family: familyId, payout_index: withdrawal.payoutIndex });
  },

  byId: (executor: Db, id: string) => executor<PayoutBatchRow>('payout_batches').where({ id }).first(),

  lock: (trx: Knex.Transaction, id: string) => trx<PayoutBatchRow>('payout_batches').where({ id }).forUpdate().first(),

  /** Every batch of a family, locked, oldest first. */
  lockFamily: (trx: Knex.Transaction, familyId: string) =>
    trx<PayoutBatchRow>('payout_batches').where({ family_id: familyId }).orderBy('created_at').forUpdate(),

  family: (executor: Db, familyIds: string[]) =>
    executor<PayoutBatchRow>('payout_batches').whereIn('family_id', familyIds).orderBy('created_at'),

  list: (executor: Db, chain: string | undefined, limit: number) => {
    const query = executor<PayoutBatchRow>('payout_batches').orderBy('created_at', 'desc').limit(limit);
    return chain ? query.where({ chain }) : query;
  },

  /** Broadcast batches of a chain: what the follower looks for on the node. */
  broadcastOn: (executor: Db, chain: string) =>
    executor<PayoutBatchRow>('payout_batches').where({ chain, status: 'broadcast' }).orderBy('created_at'),

  async update(executor: Db, id: string, values: Partial<PayoutBatchRow>) {
    await executor('payout_batches').where({ id }).update(values);
  },

  /** The withdrawals a family pays, with the investor's e-mail, in output order. */
  withdrawalsOf: (executor: Db, familyIds: string[]) =>
    executor('withdrawals as w')
      .join(userContactsQuery(executor).as('u'), 'u.id', 'w.user_id')
      .whereIn('w.payout_batch_family', familyIds)
      .orderBy('w.payout_index')
      .select<Array<BatchedWithdrawalRow & { email: string }>>('w.*', 'u.email'),

  lockWithdrawalsOf: (trx: Knex.Transaction, familyId: string) =>
    trx<BatchedWithdrawalRow>('withdrawals')
      .where({ payout_batch_family: familyId })
      .whereIn('status', ['in_batch', 'broadcast'])
      .orderBy('id')
      .forUpdate(),

  /** The family's withdrawals are now paid by transaction `txid` (their outputs keep their places). */
  async withdrawalsSentBy(trx: Knex.Transaction, familyId: string, txid: string) {
    await trx('withdrawals')
      .where({ payout_batch_family: familyId })
      .whereIn('status', ['in_batch', 'broadcast'])
      .update({ status: 'broadcast', tx_hash: txid });
  },

  async withdrawalsInBlock(
    trx: Knex.Transaction,
    familyId: string,
    block: { hash: string | null; height: number | null },
  ) {
    await trx('withdrawals')
      .where({ payout_batch_family: familyId, status: 'broadcast' })
      .update({ payout_block_hash: block.hash, payout_block_height: block.height });
  },

  async withdrawalPaid(trx: Knex.Transaction, id: string, txid: string, at: Date) {
    await trx('withdrawals').where({ id, status: 'broadcast' }).update({ status: 'paid', tx_hash: txid, paid_at: at });
  },

  /** The send was refused: the withdrawals wait for the batch's signature again. */
  async withdrawalsBackInBatch(trx: Knex.Transaction, familyId: string) {
    await trx('withdrawals')
      .where({ payout_batch_family: familyId, status: 'broadcast' })
      .update({ status: 'in_batch', tx_hash: null, payout_block_hash: null, payout_block_height: null });
  },

  /** The family will not pay them: back to approved, their coin amount still fixed, free for another batch. */
  async withdrawalsBackToApproved(trx: Knex.Transaction, familyId: string) {
    await trx('withdrawals')
      .where({ payout_batch_family: familyId })
      .whereIn('status', ['in_batch', 'broadcast'])
      .update({
        status: 'approved',
        payout_batch_family: null,
        tx_hash: null,
        payout_index: null,
        payout_block_hash: null,
        payout_block_height: null,
      });
  },

  outpointKey,
};
