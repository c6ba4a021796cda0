import type { Knex } from 'knex';

/** Which money e-mails a person wants, per category; no row means yes. The in-app list always has everything. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_preferences', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('category').notNullable();
    table.boolean('email').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.primary(['user_id', 'category']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_preferences');
}
