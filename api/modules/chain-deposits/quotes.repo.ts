import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import type { ChainPaymentStatus } from '../../contracts/deposit-quotes';

export interface QuoteRow {
  id: string;
  user_id: string;
  coin: string;
  chain: string;
  address_id: number;
  address: string;
  amount_cents: number;
  coin_units: string;
  decimals: number;
  rate: string;
  rate_as_of: Date;
  expires_at: Date;
  created_at: Date;
}

export interface QuotePaymentRow {
  quote_id: string;
  tx_hash: string;
  output_index: number;
  units: string;
  quoted_units: string;
  decimals: number;
  coin: string;
  block_height: number | null;
  status: ChainPaymentStatus;
  rate: string | null;
  priced_by_quote: boolean;
  credited_cents: number | null;
  scanned_height: number | null;
  first_seen_at: Date;
}

export const quotesRepo = {
  /** Held to the end of the transaction: one investor's quotes on a chain are decided one at a time. */
  async lockInvestorChain(trx: Knex.Transaction, userId: string, chain: string) {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`deposit-quote:${userId}:${chain}`]);
  },

  /** The next unused index of the chain, taken under a lock so concurrent quotes never share an address. */
  async claimAddress(
    trx: Knex.Transaction,
    userId: string,
    chain: string,
    derive: (index: number) => { address: string; matchKey: string },
    at: Date,
  ) {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`chain-address:${chain}`]);
    const { next } = (await trx('chain_addresses')
      .where({ chain })
      .first(trx.raw('coalesce(max(derivation_index) + 1, 0) as next'))) as { next: number };
    const { address, matchKey } = derive(Number(next));
    const [row] = await trx('chain_addresses')
      .insert({ chain, user_id: userId, derivation_index: next, address, match_key: matchKey, created_at: at })
      .returning<{ id: number; address: string }[]>(['id', 'address']);
    return { id: Number(row!.id), address: row!.address };
  },

  /** The investor's open quote of this coin that no payment has reached yet, if any. */
  async openUnpaid(trx: Knex.Transaction, userId: string, coin: string, now: Date): Promise<string | undefined> {
    const row = await trx('deposit_quotes as q')
      .where({ 'q.user_id': userId, 'q.coin': coin })
      .andWhere('q.expires_at', '>', now)
      .whereNotExists(trx('chain_payments as p').whereRaw('p.quote_id = q.id'))
      .orderBy('q.created_at', 'desc')
      .first('q.id');
    return row?.id;
  },

  /** An open quote asked for again: new amount, rate and window, on the same address. */
  async renew(trx: Knex.Transaction, id: string, terms: Partial<QuoteRow>) {
    await trx('deposit_quotes').where({ id }).update(terms);
  },

  /**
   * The investor's lowest address on this chain that never received coins and has no open quote. Addresses are
   * never shared between investors, so a late payment to an old one still lands with the person it was given to.
   */
  async reusableAddress(trx: Knex.Transaction, userId: string, chain: string, now: Date) {
    const row = await trx('chain_addresses as a')
      .where({ 'a.user_id': userId, 'a.chain': chain })
      .whereNotExists(trx('chain_payments as p').whereRaw('p.address_id = a.id'))
      .whereNotExists(trx('deposit_quotes as q').whereRaw('q.address_id = a.id').andWhere('q.expires_at', '>', now))
      .orderBy('a.derivation_index')
      .first<{ id: number; address: string } | undefined>('a.id', 'a.address');
    return row && { id: Number(row.id), address: row.address };
  },

  /** The chain's addresses that ever received coins, lowest index first: the only ones that can hold any. */
  addressesEverPaid: (db: Db, chain: string) =>
    db('chain_addresses as a')
      .where('a.chain', chain)
      .whereExists(db('chain_payments as p').whereRaw('p.address_id = a.id'))
      .orderBy('a.derivation_index')
      .select<Array<{ address: string; match_key: string }>>('address', 'match_key'),

  async create(trx: Knex.Transaction, quote: Omit<QuoteRow, 'id' | 'address'>) {
    const [row] = await trx('deposit_quotes').insert(quote).returning<{ id: string }[]>('id');
    return row!.id;
  },

  byId: (db: Db, id: string) =>
    db('deposit_quotes as q')
      .join('chain_addresses as a', 'a.id', 'q.address_id')
      .where('q.id', id)
      .first<QuoteRow | undefined>('q.*', 'a.address'),

  recentOf: (db: Db, userId: string, limit: number) =>
    db('deposit_quotes as q')
      .join('chain_addresses as a', 'a.id', 'q.address_id')
      .where('q.user_id', userId)
      .orderBy('q.created_at', 'desc')
      .limit(limit)
      .select<QuoteRow[]>('q.*', 'a.address'),

  /** The payments behind history rows, with their chain's scanned height for the confirmations. */
  historyPayments: (db: Db, paymentIds: string[]) =>
    db('chain_payments as p').leftJoin('chain_scanners as s', 's.chain', 'p.chain').whereIn('p.id', paymentIds).select<
      {
        id: string;
        chain: string;
        quote_id: string;
        tx_hash: string;
        status: string;
        block_height: string | null;
        scanned_height: string | null;
      }[]
    >('p.id', 'p.chain', 'p.quote_id', 'p.tx_hash', 'p.status', 'p.block_height', 's.scanned_height'),

  paymentsOf: (db: Db, quoteIds: string | string[]) =>
    db('chain_payments as p')
      .leftJoin('chain_scanners as s', 's.chain', 'p.chain')
      .whereIn('p.quote_id', Array.isArray(quoteIds) ? quoteIds : [quoteIds])
      .orderBy('p.id')
      .select<QuotePaymentRow[]>(
        'p.quote_id',
        'p.tx_hash',
        'p.output_index',
        'p.units',
        'p.quoted_units',
        'p.decimals',
        'p.coin',
        'p.block_height',
        'p.status',
        'p.rate',
        'p.priced_by_quote',
        'p.credited_cents',
        's.scanned_height',
        'p.first_seen_at',
      ),
};
