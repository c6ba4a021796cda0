import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('investments', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.integer('plan_id').notNullable().references('plans.id');
    table.bigInteger('amount_cents').notNullable();
    table.bigInteger('expected_return_cents').notNullable();
    table.uuid('deposit_id').unique().references('deposits.id');
    table.text('status').notNullable().defaultTo('active').checkIn(['active', 'matured']);
    table.timestamp('starts_at', { useTz: true }).notNullable();
    table.timestamp('matures_at', { useTz: true }).notNullable();
    table.timestamp('matured_at', { useTz: true });
    table.index(['user_id', 'starts_at']);
  });
  await knex.raw("create index investments_due on investments (matures_at) where status = 'active'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('investments');
}
