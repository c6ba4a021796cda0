import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Files live in Postgres so every API replica can serve them.
  await knex.schema.createTable('receipt_files', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('sha256').notNullable().index();
    table.text('content_type').notNullable();
    table.integer('size_bytes').notNullable();
    table.text('original_name');
    table.binary('data').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('deposits', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.bigInteger('amount_cents').notNullable();
    table.text('coin');
    table.integer('plan_id').references('plans.id');
    table.uuid('receipt_file_id').notNullable().references('receipt_files.id');
    table.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'confirmed', 'rejected']);
    table.text('idempotency_key');
    table.text('reject_reason');
    table.uuid('decided_by').references('users.id').onDelete('SET NULL');
    table.timestamp('decided_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['user_id', 'idempotency_key']);
    table.index(['user_id', 'created_at']);
    table.index(['status', 'created_at']);
  });
  await knex.raw('alter table deposits add constraint deposits_amount_positive check (amount_cents > 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deposits');
  await knex.schema.dropTable('receipt_files');
}
