import type { Knex } from 'knex';

/** The plan version a deposit with a plan attached was made under; null for deposits made before plans changed. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposits', (table) => {
    table.integer('plan_version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposits', (table) => {
    table.dropColumn('plan_version');
  });
}
