import type { Knex } from 'knex';

/** What the operator must look at by hand, such as a credited payment whose block a reorg dropped (no automatic debit). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chain_incidents', (table) => {
    table.bigIncrements('id');
    table.text('chain').notNullable();
    table.text('kind').notNullable();
    table.bigInteger('payment_id').references('chain_payments.id');
    table.jsonb('details').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('resolved_at', { useTz: true });
    // Who looked into it and what they did (refunded by hand, confirmed the re-mined payment…).
    table.uuid('resolved_by').references('users.id');
    table.text('resolution');
    table.index(['resolved_at', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chain_incidents');
}
