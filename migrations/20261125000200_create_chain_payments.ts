import type { Knex } from 'knex';

/**
 * Money seen on a chain to one of our addresses, one row per output (UTXO vout, or for EVM -1 for
 * the native value and the ERC-20 Transfer's position within its transaction), so a payment is
 * recorded and credited once however often its block is scanned or moved by a reorg.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chain_payments', (table) => {
    table.bigIncrements('id');
    table.text('chain').notNullable();
    table.text('tx_hash').notNullable();
    table.integer('output_index').notNullable();
    table.bigInteger('address_id').notNullable().references('chain_addresses.id');
    table.uuid('quote_id').references('deposit_quotes.id');
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('coin').notNullable();
    table.decimal('units', 78, 0).notNullable();
    // 10^decimals units make one coin; kept with the amount so a row reads alone whatever the config becomes.
    table.smallint('decimals').notNullable();
    table.bigInteger('block_height');
    table.text('block_hash');
    table.text('status').notNullable().checkIn(['seen', 'confirming', 'credited', 'orphaned']);
    table.timestamp('first_seen_at', { useTz: true }).notNullable();
    // USD per coin this payment is credited at: the quote's within its window, else the live rate when first seen.
    table.decimal('rate', 40, 18);
    // true: paid to its quote's coin within the window, so credited pro rata of the quote's USD amount.
    table.boolean('priced_by_quote').notNullable().defaultTo(false);
    table.bigInteger('credited_cents');
    table.timestamp('credited_at', { useTz: true });
    table.unique(['chain', 'tx_hash', 'output_index']);
    table.index(['chain', 'status', 'block_height']);
    table.index(['quote_id']);
    table.index(['user_id', 'first_seen_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chain_payments');
}
