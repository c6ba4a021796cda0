import type { Knex } from 'knex';

/** An on-chain deposit's invoice: a fresh address, the coin amount for a USD amount at a live rate, a deadline. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deposit_quotes', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('coin').notNullable();
    table.text('chain').notNullable();
    table.bigInteger('address_id').notNullable().unique().references('chain_addresses.id');
    table.bigInteger('amount_cents').notNullable();
    // In the coin's smallest unit (wei, litoshi): up to 78 digits holds any uint256.
    table.decimal('coin_units', 78, 0).notNullable();
    table.integer('decimals').notNullable();
    // USD per whole coin.
    table.decimal('rate', 40, 18).notNullable();
    table.timestamp('rate_as_of', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'created_at']);
  });
  await knex.raw(
    'alter table deposit_quotes add constraint deposit_quotes_positive check (amount_cents > 0 and coin_units > 0 and rate > 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deposit_quotes');
}
