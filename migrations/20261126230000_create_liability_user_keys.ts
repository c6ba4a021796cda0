import type { Knex } from 'knex';

/** Proof of liabilities: the opaque id a tree leaf carries instead of the investor's own id or e-mail, kept across snapshots. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('liability_user_keys', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('RESTRICT');
    table.uuid('user_key').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('liability_user_keys');
}
