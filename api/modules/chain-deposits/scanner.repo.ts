import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { notify } from '../notifications/notifications.api';
import { coinText } from './amounts';

export interface ScannerRow {
  chain: string;
  scanned_height: number | null;
  tip_height: number | null;
  last_scan_at: Date | null;
  last_error: string | null;
}

export interface WatchedAddress {
  address_id: number;
  match_key: string;
  quote_id: string;
  user_id: string;
  quote_coin: string;
  coin_units: string;
  rate: string;
  expires_at: Date;
}

export interface NewPayment {
  txHash: string;
  outputIndex: number;
  addressId: number;
  quoteId: string;
  userId: string;
  coin: string;
  units: bigint;
  /** The part priced at the quote (pro rata of its USD); the rest is priced at `rate`. */
  quotedUnits: bigint;
  decimals: number;
  rate: string | null;
  pricedByQuote: boolean;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const scannerRepo = {
  statuses: async (db: Db) =>
    (await db('chain_scanners').select<ScannerRow[]>()).map((row) => ({
      ...row,
      scanned_height: num(row.scanned_height),
      tip_height: num(row.tip_height),
    })),

  /** How far each chain is scanned: what confirmations are counted against. */
  async scannedHeights(db: Db): Promise<Map<string, number>> {
    const rows = await db('chain_scanners').whereNotNull('scanned_height').select('chain', 'scanned_height');
    return new Map(rows.map((row) => [row.chain as string, Number(row.scanned_height)]));
  },

  async scannedHeight(db: Db, chain: string): Promise<number | null> {
    const row = await db('chain_scanners').where({ chain }).first('scanned_height');
    return num(row?.scanned_height);
  },

  async hashAt(db: Db, chain: string, height: number): Promise<string | undefined> {
    const row = await db('chain_blocks').where({ chain, height }).first('hash');
    return row?.hash;
  },

  async lowestKept(db: Db, chain: string): Promise<number | null> {
    const row = await db('chain_blocks').where({ chain }).min('height as low').first();
    return num(row?.low);
  },

  /** Each address with its newest quote: an address is reused only for its own investor, so a payment is theirs. */
  watched: (db: Db, chain: string) =>
    db('chain_addresses as a')
      .join('deposit_quotes as q', 'q.address_id', 'a.id')
      .where('a.chain', chain)
      .distinctOn('a.id')
      .orderBy([{ column: 'a.id' }, { column: 'q.created_at', order: 'desc' }])
      .select<WatchedAddress[]>(
        'a.id as address_id',
        'a.match_key',
        'q.id as quote_id',
        'q.user_id',
        'q.coin as quote_coin',
        'q.coin_units',
        'q.rate',
        'q.expires_at',
      ),

  /** The coins of a quote already priced at it. */
  async quotedUnitsTaken(db: Db, quoteId: string): Promise<bigint> {
    const row = await db('chain_payments')
      .where({ quote_id: quoteId })
      .whereNot({ status: 'orphaned' })
      .first(db.raw('coalesce(sum(quoted_units), 0)::text as taken'));
    return BigInt(row?.taken ?? '0');
  },

  /** Which of these payments are stored already (`tx:index`). */
  async storedPayments(db: Db, chain: string, payments: Array<{ txHash: string; outputIndex: number }>) {
    if (payments.length === 0) return new Set<string>();
    const rows: Array<{ tx_hash: string; output_index: number }> = await db('chain_payments')
      .where({ chain })
      .whereIn('tx_hash', [...new Set(payments.map((payment) => payment.txHash))])
      .select('tx_hash', 'output_index');
    return new Set(rows.map((row) => `${row.tx_hash}:${row.output_index}`));
  },

  async setScanned(db: Db, chain: string, height: number) {
    await db('chain_scanners').insert({ chain, scanned_height: height }).onConflict('chain').merge(['scanned_height']);
  },

  async recordScan(
    db: Db,
    chain: string,
    fields: { tip_height?: number; last_scan_at?: Date; last_error: string | null },
  ) {
    await db('chain_scanners')
      .insert({ chain, ...fields })
      .onConflict('chain')
      .merge(Object.keys(fields));
  },

  /** One scanned block: its hash, the payments in it (a payment a reorg dropped is found again), the new height. */
  async recordBlock(
    trx: Knex.Transaction,
    chain: string,
    block: { height: number; hash: string; parentHash: string },
    payments: NewPayment[],
    { at, keepBlocks, tip, confirmations }: { at: Date; keepBlocks: number; tip: number; confirmations: number },
  ) {
    await trx('chain_blocks')
      .insert({ chain, height: block.height, hash: block.hash, parent_hash: block.parentHash })
      .onConflict(['chain', 'height'])
      .merge(['hash', 'parent_hash']);
    await trx('chain_blocks')
      .where({ chain })
      .andWhere('height', '<=', block.height - keepBlocks)
      .delete();
    if (payments.length > 0) {
      await trx('chain_payments')
        .insert(
          payments.map((payment) => ({
            chain,
            tx_hash: payment.txHash,
            output_index: payment.outputIndex,
            address_id: payment.addressId,
            quote_id: payment.quoteId,
            user_id: payment.userId,
            coin: payment.coin,
            units: payment.units.toString(),
            quoted_units: payment.quotedUnits.toString(),
            decimals: payment.decimals,
            block_height: block.height,
            block_hash: block.hash,
            status: 'seen',
            first_seen_at: at,
            rate: payment.rate,
            priced_by_quote: payment.pricedByQuote,
          })),
        )
        .onConflict(['chain', 'tx_hash', 'output_index'])
        .merge({
          block_height: trx.raw('excluded.block_height'),
          block_hash: trx.raw('excluded.block_hash'),
          status: trx.raw("case when chain_payments.status = 'orphaned' then 'seen' else chain_payments.status end"),
        });
      const seenWith = tip - block.height + 1;
      if (seenWith < confirmations) {
        for (const payment of payments) {
          await notify(trx, {
            userId: payment.userId,
            kind: 'deposit.seen',
            params: {
              coinAmount: coinText(payment.units, payment.decimals),
              coin: payment.coin,
              confirmations: seenWith,
              required: confirmations,
            },
            link: `/deposit-quotes/${encodeURIComponent(payment.quoteId)}`,
            // Found again after a reorg, it is not news.
            eventKey: `deposit-seen:${chain}:${payment.txHash}:${payment.outputIndex}`,
            at,
          });
        }
      }
    }
    await scannerRepo.setScanned(trx, chain, block.height);
  },

  /** A credited payment whose block a reorg dropped: the operator decides (no automatic debit). */
  async recordDroppedCredits(
    db: Db,
    chain: string,
    dropped: Array<{
      id: number;
      tx_hash: string;
      output_index: number;
      credited_cents: number | null;
      user_id: string;
    }>,
    at: Date,
  ) {
    await db('chain_incidents').insert(
      dropped.map((payment) => ({
        chain,
        kind: 'credited-payment-reorged',
        payment_id: payment.id,
        details: JSON.stringify({
          txHash: payment.tx_hash,
          index: payment.output_index,
          userId: payment.user_id,
          creditedCents: Number(payment.credited_cents),
        }),
        created_at: at,
      })),
    );
  },

  /** Payments in blocks above `height` are orphaned; returns those already credited, for incidents. */
  async orphanAbove(trx: Knex.Transaction, chain: string, height: number) {
    const orphaned = await trx('chain_payments')
      .where({ chain })
      .andWhere('block_height', '>', height)
      .whereNot({ status: 'orphaned' })
      .update({ status: 'orphaned' })
      .returning<
        {
          id: number;
          tx_hash: string;
          output_index: number;
          credited_at: Date | null;
          credited_cents: number | null;
          user_id: string;
        }[]
      >(['id', 'tx_hash', 'output_index', 'credited_at', 'credited_cents', 'user_id']);
    await trx('chain_blocks').where({ chain }).andWhere('height', '>', height).delete();
    await scannerRepo.setScanned(trx, chain, height);
    return orphaned.filter((row) => row.credited_at !== null);
  },
};
