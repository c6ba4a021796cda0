import type { Knex } from 'knex';

/**
 * An operator notice about work waiting (a receipt, a withdrawal) is done once that work is decided, on every
 * admin's copy: `shared_key` is the event key the copies share (theirs is `<shared_key>:<adminId>`), so the decision
 * finds them all through one index; `done_at` says when it was decided.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (table) => {
    table.text('shared_key');
    table.timestamp('done_at', { useTz: true });
  });
  await knex.raw(
    'create index notifications_shared_key on notifications (shared_key) where shared_key is not null and done_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index notifications_shared_key');
  await knex.schema.alterTable('notifications', (table) => {
    table.dropColumn('done_at');
    table.dropColumn('shared_key');
  });
}
