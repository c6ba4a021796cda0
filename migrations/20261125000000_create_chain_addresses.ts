import type { Knex } from 'knex';

/**
 * Receive addresses derived from a chain's account key, each index used once and derived once.
 * `match_key` is what the scanner compares: the lower-case EVM address or the UTXO output script.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chain_addresses', (table) => {
    table.bigIncrements('id');
    table.text('chain').notNullable();
    table.integer('derivation_index').notNullable();
    table.text('address').notNullable();
    table.text('match_key').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['chain', 'derivation_index']);
    table.unique(['chain', 'match_key']);
  });
  await knex.raw(
    'alter table chain_addresses add constraint chain_addresses_index_natural check (derivation_index >= 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chain_addresses');
}
