import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One table for e-mail verification codes and password-reset tokens: both are
  // single-use, expiring secrets stored only as a keyed hash.
  await knex.schema.createTable('auth_tokens', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('purpose').notNullable().checkIn(['verify_email', 'reset_password']);
    table.text('token_hash').notNullable().unique();
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true });
    table.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auth_tokens');
}
