import type { Knex } from 'knex';

// Data apart from schema: the seeded plans keep their order, and their current terms become version 1.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('update plans set position = id');
  await knex.raw(`
    insert into plan_versions (plan_id, version, roi_basis_points, min_cents, max_cents, duration_hours, created_at)
    select id, version, roi_basis_points, min_cents, max_cents, duration_hours, now() from plans`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('plan_versions').del();
  await knex.raw('update plans set position = 0');
}
