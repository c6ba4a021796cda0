import type { Knex } from 'knex';

/**
 * Two-factor (TOTP) enrolment per user. The secret is stored AES-GCM encrypted with a key derived
 * from the server secret; `enabled_at` null means a setup not yet confirmed with a code.
 * `last_used_step` is the 30 s time step of the last accepted code, so no code works twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_two_factor', (table) => {
    table.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    table.text('secret_encrypted').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('enabled_at', { useTz: true });
    table.bigInteger('last_used_step');
  });
  await knex.schema.createTable('two_factor_recovery_codes', (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('code_hash').notNullable();
    table.timestamp('used_at', { useTz: true });
    table.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('two_factor_recovery_codes');
  await knex.schema.dropTable('user_two_factor');
}
