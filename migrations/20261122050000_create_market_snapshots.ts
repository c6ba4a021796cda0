import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The last good answer of the coin-market API per kind of query, shared by every replica
  // and kept across restarts, so an upstream outage still serves real (if older) prices.
  await knex.schema.createTable('market_snapshots', (table) => {
    table.text('kind').primary();
    table.jsonb('payload').notNullable();
    table.timestamp('fetched_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('market_snapshots');
}
