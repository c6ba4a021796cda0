import type { Knex } from 'knex';

/**
 * What a person is told when their money moves: one row per event, written in the same transaction as the event,
 * rendered in the reader's language when read or mailed (kind + params), and one delivery row per channel, which
 * the delivery worker claims, sends and marks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    // The language the person last used the app in: their mail is written in it.
    table.text('language').notNullable().defaultTo('en');
  });
  await knex.schema.createTable('notifications', (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('kind').notNullable();
    table.jsonb('params').notNullable();
    // The app page that shows it, as a path.
    table.text('link').notNullable();
    // One notification per event however often the event's code runs (a retried confirm, a re-scanned block).
    table.text('event_key').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('read_at', { useTz: true });
    table.index(['user_id', 'created_at']);
  });
  await knex.raw('create index notifications_unread on notifications (user_id) where read_at is null');
  await knex.schema.createTable('notification_deliveries', (table) => {
    table.bigIncrements('id');
    table.bigInteger('notification_id').notNullable().references('notifications.id').onDelete('CASCADE');
    table.text('channel').notNullable().checkIn(['email']);
    table.text('status').notNullable().checkIn(['pending', 'sent', 'failed']);
    table.integer('attempts').notNullable().defaultTo(0);
    // When a worker may next take it: after a back-off, or after a claim whose worker died (its lease ran out).
    table.timestamp('next_attempt_at', { useTz: true }).notNullable();
    table.timestamp('sent_at', { useTz: true });
    table.text('last_error');
    table.unique(['notification_id', 'channel']);
  });
  await knex.raw(
    "create index notification_deliveries_due on notification_deliveries (next_attempt_at) where status = 'pending'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_deliveries');
  await knex.schema.dropTable('notifications');
  await knex.schema.alterTable('users', (table) => table.dropColumn('language'));
}
