import type { Knex } from 'knex';

/**
 * Each chain's scanner: how far it has scanned, the node's tip, its last error; and the hashes of
 * the recent blocks it scanned, so a block whose parent is not the one we hold reveals a fork.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chain_scanners', (table) => {
    table.text('chain').primary();
    table.bigInteger('scanned_height');
    table.bigInteger('tip_height');
    table.timestamp('last_scan_at', { useTz: true });
    table.text('last_error');
  });
  await knex.schema.createTable('chain_blocks', (table) => {
    table.text('chain').notNullable();
    table.bigInteger('height').notNullable();
    table.text('hash').notNullable();
    table.text('parent_hash').notNullable();
    table.primary(['chain', 'height']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chain_blocks');
  await knex.schema.dropTable('chain_scanners');
}
