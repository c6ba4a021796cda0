import type { Knex } from 'knex';

/**
 * Terms on record (issue 37): every acceptance of the operator's terms and risk disclosure, at sign-up, when a new
 * version is accepted, and with each plan purchase (with the plan version bought). `terms_versions` keeps the texts
 * of each version, in every language, as they were when it was first accepted, so an investor can read what they
 * accepted after the operator has published a newer version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('terms_versions', (table) => {
    table.text('version').primary();
    // { "<language>": { "title": ..., "sections": [{ "heading": ..., "body": ... }] } }
    table.jsonb('texts').notNullable();
    table.timestamp('first_accepted_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('terms_acceptances', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    table.text('version').notNullable().references('terms_versions.version');
    table.timestamp('accepted_at', { useTz: true }).notNullable();
    table.text('ip');
    table.text('context').notNullable().checkIn(['sign_up', 're_accept', 'plan_purchase']);
    table.integer('plan_id').references('plans.id');
    table.integer('plan_version');
    table.index(['user_id', 'version']);
    table.index(['user_id', 'accepted_at']);
  });
  await knex.raw(
    `alter table terms_acceptances add constraint terms_acceptances_plan_purchase_names_plan
       check ((context = 'plan_purchase') = (plan_id is not null and plan_version is not null))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('terms_acceptances');
  await knex.schema.dropTable('terms_versions');
}
