import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The shape rate-limiter-flexible's Postgres store expects; counters live here so
  // every API replica sees the same limits.
  await knex.schema.createTable('rate_limits', (table) => {
    table.string('key', 255).primary();
    table.integer('points').notNullable().defaultTo(0);
    table.bigInteger('expire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
