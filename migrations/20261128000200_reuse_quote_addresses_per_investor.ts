import type { Knex } from 'knex';

/**
 * An address whose quote expired unpaid is reused for its investor's next quote, so an address may carry several
 * quotes, all of one investor: the address records its owner, and a quote can only sit on its own owner's address
 * (composite foreign key). A late payment to an old address therefore always lands with the person it was given to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chain_addresses', (table) => {
    table.uuid('user_id').references('users.id').onDelete('RESTRICT');
  });
  await knex.raw(`
    update chain_addresses a set user_id = q.user_id from deposit_quotes q where q.address_id = a.id`);
  // Every address so far was claimed with its quote in one transaction, so each has one.
  await knex.raw(
    'delete from chain_addresses a where a.user_id is null and not exists (select 1 from chain_payments p where p.address_id = a.id)',
  );
  await knex.schema.alterTable('chain_addresses', (table) => {
    table.dropNullable('user_id');
    table.unique(['id', 'user_id']);
    table.index(['user_id', 'chain']);
  });
  await knex.schema.alterTable('deposit_quotes', (table) => {
    table.dropUnique(['address_id']);
    table.index(['address_id', 'expires_at']);
    table.foreign(['address_id', 'user_id']).references(['id', 'user_id']).inTable('chain_addresses');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deposit_quotes', (table) => {
    table.dropForeign(['address_id', 'user_id']);
    table.dropIndex(['address_id', 'expires_at']);
    table.unique(['address_id']);
  });
  await knex.schema.alterTable('chain_addresses', (table) => {
    table.dropIndex(['user_id', 'chain']);
    table.dropUnique(['id', 'user_id']);
    table.dropColumn('user_id');
  });
}
