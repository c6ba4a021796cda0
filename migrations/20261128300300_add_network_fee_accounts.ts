import type { Knex } from 'knex';

/**
 * A payout batch's network fee is the operator's, never the investor's: it is booked from the operator's own funds to
 * a network-fees account, one transfer per confirmed batch, with no investor as its subject.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('ledger_accounts').insert(
    ['network_fees', 'operator_funds'].map((kind) => ({ owner_id: null, kind, allow_negative: true })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('ledger_accounts').whereNull('owner_id').whereIn('kind', ['network_fees', 'operator_funds']).delete();
}
