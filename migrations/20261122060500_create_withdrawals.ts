import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('withdrawals', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.bigInteger('amount_cents').notNullable();
    table.text('method').notNullable().checkIn(['Bitcoin', 'Ethereum', 'USDT']);
    table.text('address').notNullable();
    table.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'paid', 'rejected']);
    table.text('tx_hash');
    table.text('reject_reason');
    table.uuid('decided_by').references('users.id').onDelete('SET NULL');
    table.timestamp('decided_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'created_at']);
    table.index(['status', 'created_at']);
  });
  await knex.raw('alter table withdrawals add constraint withdrawals_amount_positive check (amount_cents > 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('withdrawals');
}
