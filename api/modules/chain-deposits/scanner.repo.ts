import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { notifyEach } from '../notifications/notifications.api';
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
  /** Who paid, screened against the sanctions lists when the payment is stored; not stored here. */
  sources?: string[];
  /** Why some payers could not be read (see FoundPayment): recorded as an incident for the operator. */
  sourcesUnknown?: string;
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

  /** The coins of each quote already priced at it (0 for a quote without payments), in one query. */
  async quotedUnitsTaken(db: Db, quoteIds: string[]): Promise<Map<string, bigint>> {
    const taken = new Map(quoteIds.map((id) => [id, 0n]));
    if (quoteIds.length === 0) return taken;
    const rows: Array<{ quote_id: string; taken: string }> = await db('chain_payments')
      .whereIn('quote_id', quoteIds)
      .whereNot({ status: 'orphaned' })
      .groupBy('quote_id')
      .select('quote_id', db.raw('sum(quoted_units)::text as taken'));
    for (const row of rows) taken.set(row.quote_id, BigInt(row.taken));
    return taken;
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

  /**
   * Scanned blocks, in order: their hashes, the payments in them (a payment a reorg dropped is found again), a
   * "seen" notice for each payment short of its confirmations, and the new height. A few statements for the whole
   * batch, not a few per block: with 10,000 watched addresses the round trips to PostgreSQL were what a scan cost.
   */
  async recordBlocks(
    trx: Knex.Transaction,
    chain: string,
    scanned: Array<{ block: { height: number; hash: string; parentHash: string }; payments: NewPayment[] }>,
    { at, keepBlocks, tip, confirmations }: { at: Date; keepBlocks: number; tip: number; confirmations: number },
  ) {
    if (scanned.length === 0) return;
    const newest = scanned.at(-1)!.block.height;
    // Rows go as one JSON parameter per statement: a VALUES list binds a parameter per column and row, which cost
    // PostgreSQL and the driver about four times as much at a thousand rows.
    await trx.raw(
      `insert into chain_blocks (chain, height, hash, parent_hash)
       select ?::text, height, hash, parent_hash from json_to_recordset(?::json) as b(height bigint, hash text, parent_hash text)
       on conflict (chain, height) do update set hash = excluded.hash, parent_hash = excluded.parent_hash`,
      [
        chain,
        JSON.stringify(
          scanned.map(({ block }) => ({ height: block.height, hash: block.hash, parent_hash: block.parentHash })),
        ),
      ],
    );
    await trx('chain_blocks')
      .where({ chain })
      .andWhere('height', '<=', newest - keepBlocks)
      .delete();
    const payments = scanned.flatMap(({ block, payments }) => payments.map((payment) => ({ block, payment })));
    if (payments.length > 0) {
      await trx.raw(
        `insert into chain_payments (chain, tx_hash, output_index, address_id, quote_id, user_id, coin, units, quoted_units,
           decimals, block_height, block_hash, status, first_seen_at, rate, priced_by_quote)
         select ?::text, tx_hash, output_index, address_id, quote_id, user_id, coin, units, quoted_units,
           decimals, block_height, block_hash, 'seen', ?::timestamptz, rate, priced_by_quote
         from json_to_recordset(?::json) as p(tx_hash text, output_index integer, address_id bigint, quote_id uuid,
           user_id uuid, coin text, units numeric, quoted_units numeric, decimals smallint, block_height bigint,
           block_hash text, rate numeric, priced_by_quote boolean)
         on conflict (chain, tx_hash, output_index) do update set
           block_height = excluded.block_height,
           block_hash = excluded.block_hash,
           status = case when chain_payments.status = 'orphaned' then 'seen' else chain_payments.status end`,
        [
          chain,
          at,
          JSON.stringify(
            payments.map(({ block, payment }) => ({
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
              rate: payment.rate,
              priced_by_quote: payment.pricedByQuote,
            })),
          ),
        ],
      );
    }
    await notifyEach(
      trx,
      payments
        .filter(({ block }) => tip - block.height + 1 < confirmations)
        .map(({ block, payment }) => ({
          userId: payment.userId,
          kind: 'deposit.seen' as const,
          params: {
            coinAmount: coinText(payment.units, payment.decimals),
            coin: payment.coin,
            confirmations: tip - block.height + 1,
            required: confirmations,
          },
          link: `/deposit-quotes/${encodeURIComponent(payment.quoteId)}`,
          // Found again after a reorg, it is not news.
          eventKey: `deposit-seen:${chain}:${payment.txHash}:${payment.outputIndex}`,
          at,
        })),
    );
    await scannerRepo.setScanned(trx, chain, newest);
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

  /**
   * A payment whose payers the node could not give (no -txindex=1): an incident for the operator, who checks them by
   * hand, once per payment (found again after a reorg, it adds none). The scan holds the chain's lock, so no other
   * transaction records the same one meanwhile.
   */
  async recordUnscreened(
    trx: Knex.Transaction,
    chain: string,
    payments: Array<{ txHash: string; outputIndex: number; userId: string; reason: string }>,
    at: Date,
  ) {
    for (const payment of payments) {
      await trx.raw(
        `insert into chain_incidents (chain, kind, payment_id, details, created_at)
         select p.chain, 'sources-unscreened', p.id, ?::jsonb, ?::timestamptz from chain_payments p
         where p.chain = ? and p.tx_hash = ? and p.output_index = ?
           and not exists (select 1 from chain_incidents i where i.kind = 'sources-unscreened' and i.payment_id = p.id)`,
        [
          JSON.stringify({
            txHash: payment.txHash,
            index: payment.outputIndex,
            userId: payment.userId,
            reason: payment.reason,
          }),
          at,
          chain,
          payment.txHash,
          payment.outputIndex,
        ],
      );
    }
  },

  /** Each chain's oldest open incident of `kind`, by chain. */
  async oldestOpenIncidents(db: Db, kind: string): Promise<Map<string, string>> {
    const rows: Array<{ chain: string; oldest_id: string }> = await db('chain_incidents')
      .where({ kind })
      .whereNull('resolved_at')
      .groupBy('chain')
      .select('chain', db.raw('min(id)::text as oldest_id'));
    return new Map(rows.map((row) => [row.chain, row.oldest_id]));
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
