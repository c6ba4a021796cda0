import type { Knex } from 'knex';

/**
 * The admin's investor search is `lower(…) like '%term%'` on the e-mail and on the full name: no b-tree can
 * serve a pattern with a leading wildcard, so every keystroke read every user. Trigram GIN indexes on exactly
 * those expressions let PostgreSQL (and PGlite, which ships pg_trgm) find the matching rows from the index.
 * The expressions must stay the ones in api/modules/admin/admin-users.repo.ts, or the planner cannot use them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create index users_email_trgm_index on users using gin (lower(email) gin_trgm_ops)');
  await knex.raw(
    `create index users_full_name_trgm_index on users
       using gin (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index users_full_name_trgm_index');
  await knex.raw('drop index users_email_trgm_index');
  // The extension stays: another index or an operator's own query may use it.
}
