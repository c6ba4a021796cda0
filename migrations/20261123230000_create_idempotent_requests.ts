import type { Knex } from 'knex';

/**
 * The first answer to a request sent with an Idempotency-Key (profile edits replayed from the PWA's outbox),
 * per user and route, with the request's fingerprint: a replay gets that answer back instead of being applied
 * again; the same key with a different request is refused. 'pending' marks a first attempt still running.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotent_requests', (table) => {
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('scope').notNullable();
    table.text('key').notNullable();
    table.text('request_fingerprint').notNullable();
    table.text('state').notNullable().checkIn(['pending', 'done']);
    table.integer('response_status');
    table.jsonb('response_body');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['user_id', 'scope', 'key']);
    table.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotent_requests');
}
