import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (table) => {
    table.bigIncrements('id');
    table.uuid('actor_id').references('users.id').onDelete('SET NULL');
    table.text('action').notNullable();
    table.text('subject_type').notNullable();
    table.text('subject_id');
    table.jsonb('before');
    table.jsonb('after');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
