import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (table) => {
    table.bigIncrements('id');
    table.text('full_name').notNullable().defaultTo('');
    table.text('email').notNullable().defaultTo('');
    table.text('budget').notNullable().defaultTo('');
    table.text('subject').notNullable().defaultTo('');
    table.text('message').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
