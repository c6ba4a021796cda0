import type { Knex } from 'knex';

/**
 * Web Push: the browsers a person turned notifications on in, the server's VAPID key pair (made on the first start
 * unless set by env), a push choice per category beside the e-mail one, and push deliveries (one per notification
 * and browser, removed with the browser's subscription).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('endpoint').notNullable().unique();
    // The browser's P-256 public key and auth secret (base64url): payloads are encrypted to them (RFC 8291).
    table.text('p256dh').notNullable();
    table.text('auth').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id']);
  });
  await knex.schema.createTable('server_keys', (table) => {
    table.text('name').primary();
    table.text('public_key').notNullable();
    table.text('private_key').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('notification_preferences', (table) => {
    table.boolean('push').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('notification_deliveries', (table) => {
    table.dropUnique(['notification_id', 'channel']);
    table.bigInteger('push_subscription_id').references('push_subscriptions.id').onDelete('CASCADE');
  });
  await knex.raw('alter table notification_deliveries drop constraint notification_deliveries_channel_check');
  await knex.raw(
    "alter table notification_deliveries add constraint notification_deliveries_channel_check check (channel in ('email', 'push', 'digest'))",
  );
  // A push delivery names its browser; the other channels do not.
  await knex.raw(
    "alter table notification_deliveries add constraint notification_deliveries_push_target check ((channel = 'push') = (push_subscription_id is not null))",
  );
  await knex.raw(
    'create unique index notification_deliveries_once on notification_deliveries (notification_id, channel, coalesce(push_subscription_id, 0))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('notification_deliveries').whereNot({ channel: 'email' }).delete();
  await knex.raw('drop index notification_deliveries_once');
  await knex.raw('alter table notification_deliveries drop constraint notification_deliveries_push_target');
  await knex.raw('alter table notification_deliveries drop constraint notification_deliveries_channel_check');
  await knex.raw(
    "alter table notification_deliveries add constraint notification_deliveries_channel_check check (channel in ('email'))",
  );
  await knex.schema.alterTable('notification_deliveries', (table) => {
    table.dropColumn('push_subscription_id');
    table.unique(['notification_id', 'channel']);
  });
  await knex.schema.alterTable('notification_preferences', (table) => table.dropColumn('push'));
  await knex.schema.dropTable('server_keys');
  await knex.schema.dropTable('push_subscriptions');
}
