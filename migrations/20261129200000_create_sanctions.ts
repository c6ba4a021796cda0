import type { Knex } from 'knex';

/**
 * Sanctioned addresses (issue 37): one list per coin the operator loads (`sanctions_lists` says how many and when),
 * each address once per list, stored as the chain compares it, so a screening is one lookup in the primary key.
 * A hit is a compliance incident the operator decides with a note.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sanctions_lists', (table) => {
    table.text('list').primary();
    table.integer('addresses').notNullable();
    table.timestamp('loaded_at', { useTz: true }).notNullable();
    table.text('source').notNullable().checkIn(['upload', 'config']);
    /** The config file's modification time when it came from a path (the reload job compares it). */
    table.bigInteger('file_mtime_ms');
    table.uuid('loaded_by').references('users.id').onDelete('SET NULL');
  });
  await knex.schema.createTable('sanctioned_addresses', (table) => {
    table.text('list').notNullable();
    table.text('address').notNullable();
    table.primary(['list', 'address']);
  });
  await knex.schema.createTable('sanctions_incidents', (table) => {
    table.bigIncrements('id');
    table.text('kind').notNullable().checkIn(['payout_address', 'withdrawal', 'deposit']);
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.text('chain').notNullable();
    table.text('address').notNullable();
    /** The withdrawal's or the chain payment's id; the user's id for a payout address. */
    table.text('subject_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('decided_at', { useTz: true });
    table.uuid('decided_by').references('users.id').onDelete('SET NULL');
    table.text('decision').checkIn(['release', 'reject', 'keep_frozen', 'dismiss']);
    table.text('note');
    // One incident per subject and address: screening the same thing again (a retry, a new list) adds none.
    table.unique(['kind', 'subject_id', 'address']);
  });
  await knex.raw('create index sanctions_incidents_open on sanctions_incidents (created_at) where decided_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sanctions_incidents');
  await knex.schema.dropTable('sanctioned_addresses');
  await knex.schema.dropTable('sanctions_lists');
}
