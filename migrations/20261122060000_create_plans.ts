import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (table) => {
    table.integer('id').primary();
    table.text('name').notNullable().unique();
    table.integer('roi_basis_points').notNullable().checkPositive();
    table.bigInteger('min_cents').notNullable();
    table.bigInteger('max_cents');
    table.integer('duration_hours').notNullable().checkPositive();
    table.boolean('miner').notNullable().defaultTo(true);
    table.jsonb('presets_cents').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plans');
}
