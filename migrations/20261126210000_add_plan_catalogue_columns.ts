import type { Knex } from 'knex';

/**
 * Plans become the operator's to run: on sale or retired (never deleted once bought), an order on the landing,
 * a version for optimistic concurrency, a short description, names and descriptions per language (English in
 * `name`/`description` is the fallback), and ids from a sequence for plans added from the admin desk.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (table) => {
    table.boolean('on_sale').notNullable().defaultTo(true);
    table.integer('position').notNullable().defaultTo(0);
    table.integer('version').notNullable().defaultTo(1).checkPositive();
    table.text('amount_label').notNullable().defaultTo('');
    table.text('description').notNullable().defaultTo('');
    table.jsonb('names').notNullable().defaultTo('{}');
    table.jsonb('descriptions').notNullable().defaultTo('{}');
  });
  await knex.raw('create sequence plans_id_seq owned by plans.id');
  await knex.raw("select setval('plans_id_seq', greatest((select max(id) from plans), 1))");
  await knex.raw("alter table plans alter column id set default nextval('plans_id_seq')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table plans alter column id drop default');
  await knex.raw('drop sequence plans_id_seq');
  await knex.schema.alterTable('plans', (table) => {
    table.dropColumns('on_sale', 'position', 'version', 'amount_label', 'description', 'names', 'descriptions');
  });
}
