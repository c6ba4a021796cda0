import type { Knex } from 'knex';
import type { Db } from '../../db/connect';

/** What payouts read from the deposits' side of a chain: the coins the operator received, and where incidents go. */
export const payoutSourcesRepo = {
  /**
   * The outputs paid to derived receive addresses and credited (so past the chain's confirmations): the coins a payout
   * batch may spend. An output a reorg orphaned is no longer here.
   */
  creditedOutputs: (executor: Db, chain: string) =>
    executor('chain_payments as p')
      .join('chain_addresses as a', 'a.id', 'p.address_id')
      .where({ 'p.chain': chain, 'p.status': 'credited' })
      .select<Array<{ txid: string; vout: number; units: string; script: string; derivation_index: number }>>(
        'p.tx_hash as txid',
        'p.output_index as vout',
        'p.units',
        'a.match_key as script',
        'a.derivation_index',
      ),

  /** An incident for the operator, in the transaction that found it. */
  async recordIncident(
    trx: Knex.Transaction,
    incident: { chain: string; kind: string; details: Record<string, unknown>; at: Date },
  ) {
    const [row] = await trx('chain_incidents')
      .insert({
        chain: incident.chain,
        kind: incident.kind,
        details: JSON.stringify(incident.details),
        created_at: incident.at,
      })
      .returning<{ id: number }[]>('id');
    return Number(row!.id);
  },
};
