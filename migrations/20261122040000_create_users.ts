import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.text('role').notNullable().checkIn(['investor', 'admin']);
    // Stored lower-cased, so uniqueness and look-ups are case-insensitive.
    table.text('email').notNullable().unique();
    table.text('password_hash').notNullable();
    table.text('name');
    table.text('first_name');
    table.text('last_name');
    table.text('phone_number');
    table.string('country', 2);
    table.text('address');
    table.text('bank_name');
    table.text('account_name');
    table.text('account_number');
    table.text('swift_code');
    table.text('bitcoin_address');
    table.text('ethereum_address');
    table.text('usdt_address');
    table.text('referral_code').notNullable().unique();
    table.uuid('referred_by').references('users.id').onDelete('SET NULL');
    table.timestamp('email_verified_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['referred_by']);
    table.index(['role', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
