import type { Knex } from 'knex';

/**
 * A whole address typed into the admin's investor search (`user150000@example.net`) made the e-mail trigram index
 * read the posting lists of `@example.net`'s trigrams, shared by a third of the investors at scale: 20–38 ms a
 * keystroke at 300,000. Every e-mail holds one `@` (the schema layer accepts no other), so a term `local@domain`
 * is contained only where the address's local part ends with `local`: this index finds those from the local
 * part's own trigrams. The expression must stay the one in api/modules/admin/admin-users.repo.ts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index users_email_local_part_trgm_index on users using gin (split_part(lower(email), '@', 1) gin_trgm_ops)",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index users_email_local_part_trgm_index');
}
