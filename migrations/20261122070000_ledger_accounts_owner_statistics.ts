import type { Knex } from 'knex';

/**
 * The four system accounts (owner_id null) are 4 rows among hundreds of thousands, and ANALYZE's
 * default 30,000-row sample often misses all of them. Postgres then believes no row has a null
 * owner and drives the dashboard's system-flows query from the system accounts, walking every
 * entry on the platform (about 300 ms per request at 100k investors, npm run bench). With a
 * 3,000,000-row sample the table is read whole up to that size, the null fraction is exact and
 * the plan starts from the investor's own transactions (well under a millisecond).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table ledger_accounts alter column owner_id set statistics 10000');
  await knex.raw('analyze ledger_accounts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table ledger_accounts alter column owner_id set statistics -1');
}
