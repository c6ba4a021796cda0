import type { Knex } from 'knex';

/**
 * A configured Litecoin or Dogecoin chain makes its coin a withdrawal method, paid to the investor's address of that
 * kind: a column beside the other addresses in force, and the kind allowed for a change waiting its link and hold.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.text('litecoin_address');
    table.text('dogecoin_address');
  });
  await knex.raw('alter table pending_payout_addresses drop constraint pending_payout_addresses_kind_check');
  await knex.raw(
    `alter table pending_payout_addresses add constraint pending_payout_addresses_kind_check
       check (kind in ('bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('pending_payout_addresses').whereIn('kind', ['litecoin', 'dogecoin']).delete();
  await knex.raw('alter table pending_payout_addresses drop constraint pending_payout_addresses_kind_check');
  await knex.raw(
    "alter table pending_payout_addresses add constraint pending_payout_addresses_kind_check check (kind in ('bitcoin', 'ethereum', 'usdt'))",
  );
  await knex.schema.alterTable('users', (table) => {
    table.dropColumns('litecoin_address', 'dogecoin_address');
  });
}
