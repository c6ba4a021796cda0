import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_accounts', (table) => {
    table.bigIncrements('id');
    // Null owner: a system account (money entering or leaving the platform).
    table.uuid('owner_id').references('users.id').onDelete('RESTRICT');
    table.text('kind').notNullable();
    table.boolean('allow_negative').notNullable().defaultTo(false);
    // Kept by the one posting function under a row lock; always the sum of the entries.
    table.bigInteger('balance').notNullable().defaultTo(0);
    table.unique(['owner_id', 'kind']);
  });
  await knex.raw(
    'alter table ledger_accounts add constraint ledger_accounts_no_overdraft check (allow_negative or balance >= 0)',
  );
  await knex.raw('create unique index ledger_accounts_system_kind on ledger_accounts (kind) where owner_id is null');

  await knex.schema.createTable('ledger_transactions', (table) => {
    table.bigIncrements('id');
    table.text('idempotency_key').notNullable().unique();
    table.text('kind').notNullable();
    table.uuid('subject_user_id').references('users.id').onDelete('RESTRICT');
    table.uuid('actor_id').references('users.id').onDelete('SET NULL');
    table.jsonb('details');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['subject_user_id', 'created_at']);
  });

  await knex.schema.createTable('ledger_entries', (table) => {
    table.bigIncrements('id');
    table.bigInteger('transaction_id').notNullable().references('ledger_transactions.id');
    table.bigInteger('account_id').notNullable().references('ledger_accounts.id');
    table.bigInteger('amount_cents').notNullable();
    table.bigInteger('balance_after').notNullable();
    table.index(['account_id', 'id']);
    table.index(['transaction_id']);
  });
  await knex.raw('alter table ledger_entries add constraint ledger_entries_nonzero check (amount_cents <> 0)');

  // Append-only: corrections are reversing transfers, never edits.
  // One statement per call: PGlite's extended protocol takes no multi-statement strings.
  await knex.raw(`
    create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_entries is append-only';
    end $$`);
  await knex.raw(`
    create trigger ledger_entries_no_update_delete before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`);

  await knex('ledger_accounts').insert(
    ['deposits_received', 'payouts', 'returns_paid', 'bonuses'].map((kind) => ({
      owner_id: null,
      kind,
      allow_negative: true,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_entries');
  await knex.raw('drop function if exists ledger_entries_append_only');
  await knex.schema.dropTable('ledger_transactions');
  await knex.schema.dropTable('ledger_accounts');
}
