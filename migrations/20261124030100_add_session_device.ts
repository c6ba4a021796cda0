import type { Knex } from 'knex';

/** What the sessions list shows: the browser, the client address and when the session was last used. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (table) => {
    table.text('user_agent');
    table.text('ip');
    table.timestamp('last_seen_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (table) => {
    table.dropColumn('user_agent');
    table.dropColumn('ip');
    table.dropColumn('last_seen_at');
  });
}
