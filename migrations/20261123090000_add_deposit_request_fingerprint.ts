import type { Knex } from 'knex';

/**
 * The fingerprint of the request that first used a deposit's idempotency key (fields and the
 * file's SHA-256), so the same key sent with a different request is refused, not replayed.
 * Rows made before it stay null and keep replaying as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposits', (table) => {
    table.text('request_fingerprint');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposits', (table) => {
    table.dropColumn('request_fingerprint');
  });
}
