import type { Knex } from 'knex';

/**
 * The terms of every version a plan has had, never changed once written: a purchase names the version its page
 * showed (refused when the terms differ now), and a deposit with a plan attached starts its investment on the
 * terms of the version it was made under, however the plan changed before an admin confirmed it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plan_versions', (table) => {
    table.integer('plan_id').notNullable().references('plans.id');
    table.integer('version').notNullable();
    table.integer('roi_basis_points').notNullable().checkPositive();
    table.bigInteger('min_cents').notNullable();
    table.bigInteger('max_cents');
    table.integer('duration_hours').notNullable().checkPositive();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['plan_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plan_versions');
}
