import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import type { ChainPaymentStatus } from '../../contracts/deposit-quotes';
import { userContactsQuery } from '../identity/user-tables.api';

export interface AdminPaymentRow {
  id: number;
  chain: string;
  coin: string;
  tx_hash: string;
  output_index: number;
  units: string;
  quoted_units: string;
  decimals: number;
  rate: string | null;
  priced_by_quote: boolean;
  status: ChainPaymentStatus;
  block_height: number | null;
  scanned_height: number | null;
  credited_cents: number | null;
  first_seen_at: Date;
  credited_at: Date | null;
  quote_id: string | null;
  quote_coin_units: string | null;
  quote_amount_cents: number | null;
  quote_rate: string | null;
  user_id: string;
  user_email: string;
}

export interface IncidentRow {
  id: number;
  chain: string;
  kind: string;
  payment_id: number | null;
  details: Record<string, unknown>;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by_email: string | null;
  resolution: string | null;
}

/**
 * The admin's reads of on-chain deposits (the newest payments first, and the incidents still open first), and the
 * closing of an incident.
 */
export const chainAdminRepo = {
  payments: (db: Db, limit = 200, userId?: string) =>
    db('chain_payments as p')
      .join(userContactsQuery(db).as('u'), 'u.id', 'p.user_id')
      .leftJoin('deposit_quotes as q', 'q.id', 'p.quote_id')
      .leftJoin('chain_scanners as s', 's.chain', 'p.chain')
      .modify((query) => {
        // One investor's, for their page in the admin (chain_payments is indexed by user and time).
        if (userId) query.where('p.user_id', userId);
      })
      .orderBy('p.id', 'desc')
      .limit(limit)
      .select<AdminPaymentRow[]>(
        'p.*',
        'u.email as user_email',
        's.scanned_height',
        'q.coin_units as quote_coin_units',
        'q.amount_cents as quote_amount_cents',
        'q.rate as quote_rate',
      ),

  /** How many receive addresses the chain has handed out, and the indices of those that ever received coins. */
  async addressUse(db: Db, chain: string) {
    const issued = await db('chain_addresses').where({ chain }).count<{ count: number }[]>('* as count');
    const used: number[] = await db('chain_addresses as a')
      .where('a.chain', chain)
      .whereExists(db('chain_payments as p').whereRaw('p.address_id = a.id').whereNot('p.status', 'orphaned'))
      .pluck('a.derivation_index');
    return { issued: Number(issued[0]!.count), used: used.map(Number) };
  },

  incidents: (db: Db, limit = 200) =>
    db('chain_incidents as i')
      .leftJoin(userContactsQuery(db).as('u'), 'u.id', 'i.resolved_by')
      .orderByRaw('i.resolved_at is not null, i.id desc')
      .limit(limit)
      .select<IncidentRow[]>('i.*', 'u.email as resolved_by_email'),

  incidentById: (db: Db, id: number) =>
    db('chain_incidents as i')
      .leftJoin(userContactsQuery(db).as('u'), 'u.id', 'i.resolved_by')
      .where('i.id', id)
      .first<IncidentRow | undefined>('i.*', 'u.email as resolved_by_email'),

  incidentForUpdate: (trx: Knex.Transaction, id: number) =>
    trx('chain_incidents')
      .where({ id })
      .forUpdate()
      .first<Pick<IncidentRow, 'resolved_at' | 'chain' | 'kind'> | undefined>('resolved_at', 'chain', 'kind'),

  async resolveIncident(
    trx: Knex.Transaction,
    id: number,
    { at, adminId, resolution }: { at: Date; adminId: string; resolution: string },
  ) {
    await trx('chain_incidents').where({ id }).update({ resolved_at: at, resolved_by: adminId, resolution });
  },
};
