import type { Knex } from 'knex';

/**
 * Per investor, the running total of every system-account flow about them (by system account and
 * transaction kind): what the dashboard used to sum over the whole history on every request.
 * postTransfer adds to these rows in the transfer's own transaction, so they are a cache of the
 * entries, checked against them by `npm run ledger:check` and the tests.
 *
 * System accounts (owner_id null) take part in nearly every transfer. Locking and rewriting their
 * `balance` made every transfer on the platform wait for the one before it, so their balance is no
 * longer stored: it is the sum of their entries (or of these totals), their entries' balance_after
 * is null from now on, and their `balance` column is pinned to 0.
 */
export async function backfillLedgerFlowTotals(knex: Knex) {
  await knex.raw(`
    insert into ledger_flow_totals (subject_user_id, account_id, transaction_kind, total_cents)
    select t.subject_user_id, e.account_id, t.kind, sum(e.amount_cents)
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.owner_id is null
    join ledger_transactions t on t.id = e.transaction_id
    where t.subject_user_id is not null
    group by t.subject_user_id, e.account_id, t.kind`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_flow_totals', (table) => {
    table.uuid('subject_user_id').notNullable().references('users.id').onDelete('RESTRICT');
    table.bigInteger('account_id').notNullable().references('ledger_accounts.id');
    table.text('transaction_kind').notNullable();
    table.bigInteger('total_cents').notNullable();
    table.primary(['subject_user_id', 'account_id', 'transaction_kind']);
  });
  await backfillLedgerFlowTotals(knex);

  await knex.raw('alter table ledger_entries alter column balance_after drop not null');
  await knex('ledger_accounts').whereNull('owner_id').update({ balance: 0 });
  await knex.raw(
    'alter table ledger_accounts add constraint ledger_accounts_system_balance_derived check (owner_id is not null or balance = 0)',
  );
}

/** balance_after stays nullable: the entries are append-only, so the nulls written since cannot be filled in. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table ledger_accounts drop constraint ledger_accounts_system_balance_derived');
  await knex.raw(`
    update ledger_accounts a set balance = coalesce((select sum(amount_cents) from ledger_entries e where e.account_id = a.id), 0)
    where a.owner_id is null`);
  await knex.schema.dropTable('ledger_flow_totals');
}
