import type { Knex } from 'knex';

/** Browsers that signed in to an account, by a keyed hash of their long-lived device cookie. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('known_devices', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.string('device_hash', 64).notNullable();
    table.timestamp('first_seen_at', { useTz: true }).notNullable();
    table.primary(['user_id', 'device_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('known_devices');
}
