import type { Knex } from 'knex';

/**
 * Payouts on UTXO chains are batches: one transaction per batch, built here as a PSBT and signed by the operator in
 * their own wallet. A fee bump is a second batch of the same family (same inputs, same outputs, a higher fee), so only
 * one of a family can ever confirm. `operator_coins` are the outputs the operator holds at derived addresses (deposits
 * credited, change of confirmed batches); a coin is reserved by one family at a time, and spent once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_batches', (table) => {
    table.uuid('id').primary();
    // The first batch of its family; a bump carries its original's family.
    table.uuid('family_id').notNullable();
    table.uuid('replaces_id').references('payout_batches.id');
    table.text('chain').notNullable();
    table.text('coin').notNullable();
    table.text('status').notNullable().checkIn(['unsigned', 'broadcast', 'confirmed', 'replaced', 'failed']);
    table.text('psbt').notNullable();
    // What a signed PSBT must carry byte for byte, and the transaction's id (signing a segwit input keeps it).
    table.text('unsigned_tx').notNullable();
    table.text('txid').notNullable();
    // The final transaction, recorded before it is sent, so a restart sends the same one again and never another.
    table.text('raw_tx');
    table.specificType('fee_units', 'numeric(78,0)').notNullable();
    table.specificType('fee_rate', 'numeric(12,3)').notNullable();
    table.bigInteger('fee_cents').notNullable();
    table.integer('virtual_size').notNullable();
    table.specificType('rate', 'numeric(40,18)').notNullable();
    table.smallint('decimals').notNullable();
    // The change output: internal address 1/change_index (shared by a family), at output change_vout.
    table.integer('change_index').notNullable();
    table.integer('change_vout');
    table.specificType('change_units', 'numeric(78,0)');
    table.text('change_address').notNullable();
    table.text('block_hash');
    table.bigInteger('block_height');
    // Where the search for the transaction's block resumes (the node keeps no transaction index).
    table.bigInteger('searched_height');
    table.text('failure_reason');
    table.uuid('created_by').references('users.id').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('broadcast_at', { useTz: true });
    table.timestamp('confirmed_at', { useTz: true });
    table.unique(['chain', 'txid']);
    table.index(['chain', 'status']);
    table.index(['family_id']);
  });
  // One change address per family: two replicas building at once cannot take the same 1/j.
  await knex.raw(
    'create unique index payout_batches_change_once on payout_batches (chain, change_index) where replaces_id is null',
  );

  await knex.schema.createTable('operator_coins', (table) => {
    table.text('chain').notNullable();
    table.text('txid').notNullable();
    table.integer('vout').notNullable();
    table.specificType('units', 'numeric(78,0)').notNullable();
    table.text('script').notNullable();
    // BIP 32 branch (0 receive, 1 change) and index under the account key: what a wallet needs to sign it.
    table.smallint('branch').notNullable();
    table.integer('derivation_index').notNullable();
    table.uuid('reserved_by').references('payout_batches.id');
    // The transaction that spent it: a batch's, or another's (the operator spent it elsewhere).
    table.text('spent_by');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.primary(['chain', 'txid', 'vout']);
  });
  await knex.raw(
    'create index operator_coins_available on operator_coins (chain) where reserved_by is null and spent_by is null',
  );

  await knex.raw('alter table withdrawals drop constraint withdrawals_status_check');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_status_check
       check (status in ('pending', 'approved', 'in_batch', 'broadcast', 'paid', 'rejected'))`,
  );
  await knex.raw('alter table withdrawals drop constraint withdrawals_on_chain_amount_fixed');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_on_chain_amount_fixed
       check (status not in ('approved', 'in_batch', 'broadcast')
              or (chain is not null and coin_units is not null and rate is not null))`,
  );
  await knex.schema.alterTable('withdrawals', (table) => {
    // The batch family paying it; its output is payout_index of whichever member confirms.
    table.uuid('payout_batch_family').references('payout_batches.id');
  });
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_batched_in_family
       check (status <> 'in_batch' or payout_batch_family is not null)`,
  );
  await knex.raw(`create index withdrawals_approved on withdrawals (chain) where status = 'approved'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index withdrawals_approved');
  await knex.raw('alter table withdrawals drop constraint withdrawals_batched_in_family');
  await knex.schema.alterTable('withdrawals', (table) => table.dropColumn('payout_batch_family'));
  await knex.raw('alter table withdrawals drop constraint withdrawals_on_chain_amount_fixed');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_on_chain_amount_fixed
       check (status not in ('approved', 'broadcast') or (chain is not null and coin_units is not null and rate is not null))`,
  );
  await knex.raw('alter table withdrawals drop constraint withdrawals_status_check');
  await knex.raw(
    `alter table withdrawals add constraint withdrawals_status_check
       check (status in ('pending', 'approved', 'broadcast', 'paid', 'rejected'))`,
  );
  await knex.schema.dropTable('operator_coins');
  await knex.schema.dropTable('payout_batches');
}
