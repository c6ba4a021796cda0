import type { Knex } from 'knex';

/**
 * When an investor's personal data was erased (issue 37). The row stays, under its id, for the financial records that
 * name it (ledger, deposits, withdrawals, audit log, liability snapshots); this marks it as nobody's any more, so a
 * second erasure is refused and the account can never sign in again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.timestamp('erased_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('erased_at');
  });
}
