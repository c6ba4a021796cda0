import type { Knex } from 'knex';

/**
 * A changed payout address waits here: confirmed by an e-mailed link, then in force from
 * `effective_at` (confirmation + the hold). One pending change per user and kind.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pending_payout_addresses', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.string('kind', 16).notNullable();
    // null: the address is to be removed (removal waits like a change, so clear-then-set cannot skip the hold).
    table.text('address');
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('requested_at', { useTz: true }).notNullable();
    table.timestamp('link_expires_at', { useTz: true }).notNullable();
    table.timestamp('confirmed_at', { useTz: true });
    table.timestamp('effective_at', { useTz: true });
    table.primary(['user_id', 'kind']);
  });
  await knex.raw(
    "alter table pending_payout_addresses add constraint pending_payout_addresses_kind_check check (kind in ('bitcoin', 'ethereum', 'usdt'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pending_payout_addresses');
}
