import type { Knex } from 'knex';

/**
 * A quote's rate covers at most the coins it quoted. `quoted_units` is the part of a payment priced at its quote
 * (pro rata of the quote's USD); the rest is priced at `rate`: for a payment inside its window the lower of the
 * quoted and the live rate when it was first seen, for a late payment the live rate. Rows written before keep their
 * pricing if credited; an uncredited one is split now, and a part beyond the quote waits for a live rate (`rate` null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chain_payments', (table) => {
    table.decimal('quoted_units', 78, 0).notNullable().defaultTo(0);
  });
  await knex.raw(`
    update chain_payments p
       set quoted_units = case when p.status = 'credited' or p.credited_at is not null then p.units
                               else least(p.units, q.coin_units) end,
           rate = case when p.status <> 'credited' and p.credited_at is null and p.units > q.coin_units then null
                       else p.rate end
      from deposit_quotes q
     where q.id = p.quote_id and p.priced_by_quote`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chain_payments', (table) => {
    table.dropColumn('quoted_units');
  });
}
