import type { Knex } from 'knex';

/**
 * A changed e-mail sends the old address a single-use link that restores it. The token keeps
 * the address to restore in `payload`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table auth_tokens drop constraint if exists auth_tokens_purpose_check');
  await knex.raw(
    "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password', 'restore_email'))",
  );
  await knex.schema.alterTable('auth_tokens', (table) => {
    table.jsonb('payload');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('auth_tokens').where({ purpose: 'restore_email' }).delete();
  await knex.schema.alterTable('auth_tokens', (table) => {
    table.dropColumn('payload');
  });
  await knex.raw('alter table auth_tokens drop constraint if exists auth_tokens_purpose_check');
  await knex.raw(
    "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password'))",
  );
}
