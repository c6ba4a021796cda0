import type { Knex } from 'knex';

/**
 * One row counting changes to the plan catalogue, bumped in the transaction of each change: every replica keeps
 * /api/plans prepared in memory and reads this one number (at most once a second) to know when to re-read.
 * The row lock also puts concurrent catalogue changes one after another.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plan_catalogue', (table) => {
    table.boolean('one').primary().defaultTo(true).checkIn(['true']);
    table.bigInteger('revision').notNullable().defaultTo(0);
  });
  await knex('plan_catalogue').insert({ one: true, revision: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plan_catalogue');
}
