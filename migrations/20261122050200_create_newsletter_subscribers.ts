import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscribers', (table) => {
    table.bigIncrements('id');
    // Stored lower-cased; the unique key settles two sign-ups racing with the same address.
    table.text('email').notNullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'alter table newsletter_subscribers add constraint newsletter_subscribers_email_lower check (email = lower(email))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_subscribers');
}
