import type { Knex } from 'knex';

/**
 * A withdrawal of a coin with a configured chain is paid on chain and proven there: approval fixes the coin amount at
 * the live rate (`coin_units`, `rate`), the payout transaction is recorded (`tx_hash`, `payout_index`: the output or
 * log that pays it) once checked on the node, and only its confirmations make it `paid`. A withdrawal without a chain
 * (`chain` null) keeps the manual flow, where `tx_hash` is whatever the admin typed.
 */
export async function up(knex: Knex): Promise<void> {
  // Methods are the spec's three plus the coin of every configured chain: checked by the shared schema, per config.
  await knex.raw('alter table withdrawals drop constraint withdrawals_method_check');
  await knex.raw('alter table withdrawals drop constraint withdrawals_status_check');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_status_check
       check (status in ('pending', 'approved', 'broadcast', 'paid', 'rejected'))`,
  );
  await knex.schema.alterTable('withdrawals', (table) => {
    table.text('chain');
    table.text('coin');
    table.specificType('coin_units', 'numeric(78,0)');
    table.smallint('coin_decimals');
    table.specificType('rate', 'numeric(40,18)');
    table.uuid('approved_by').references('users.id').onDelete('SET NULL');
    table.timestamp('approved_at', { useTz: true });
    table.integer('payout_index');
    table.text('payout_block_hash');
    table.bigInteger('payout_block_height');
    table.timestamp('paid_at', { useTz: true });
  });
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_on_chain_amount_fixed
       check (status not in ('approved', 'broadcast') or (chain is not null and coin_units is not null and rate is not null))`,
  );
  // One payment on chain pays one withdrawal, ever: a hash entered twice is refused by the database itself.
  await knex.raw(
    `create unique index withdrawals_payout_once on withdrawals (chain, lower(tx_hash), payout_index)
       where chain is not null and tx_hash is not null`,
  );
  // The follower's work list: on-chain withdrawals waiting for confirmations.
  await knex.raw(`create index withdrawals_broadcast on withdrawals (chain) where status = 'broadcast'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index withdrawals_broadcast');
  await knex.raw('drop index withdrawals_payout_once');
  await knex.raw('alter table withdrawals drop constraint withdrawals_on_chain_amount_fixed');
  await knex.schema.alterTable('withdrawals', (table) => {
    table.dropColumns(
      'chain',
      'coin',
      'coin_units',
      'coin_decimals',
      'rate',
      'approved_by',
      'approved_at',
      'payout_index',
      'payout_block_hash',
      'payout_block_height',
      'paid_at',
    );
  });
  await knex.raw('alter table withdrawals drop constraint withdrawals_status_check');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_status_check check (status in ('pending', 'paid', 'rejected'))`,
  );
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_method_check check (method in ('Bitcoin', 'Ethereum', 'USDT'))`,
  );
}
