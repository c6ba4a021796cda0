import type { Knex } from 'knex';

/**
 * Proof-of-liabilities snapshots: each investor's liability at one ledger point as a leaf of a Merkle-sum tree
 * (`api/contracts/liability-tree.ts`). A published snapshot never changes, so both tables refuse UPDATE and DELETE.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('liability_snapshots', (table) => {
    table.bigIncrements('id');
    // The ledger point: the newest ledger transaction the balances include (0 before the first one).
    table.bigInteger('ledger_transaction_id').notNullable();
    table.text('root').notNullable();
    table.bigInteger('total_cents').notNullable();
    table.integer('investors').notNullable();
    table.timestamp('taken_at', { useTz: true }).notNullable();
    // The daily job's day (UTC): one scheduled snapshot per day however many replicas run the job.
    table.date('daily_key').unique();
    table.uuid('taken_by').references('users.id').onDelete('RESTRICT');
    // The tree's nodes from the 256-leaf level up (32-byte hash + u64be sum each, level by level), so a proof reads
    // one 256-leaf block instead of rebuilding the whole tree.
    table.binary('upper_nodes').notNullable();
    table.index(['taken_at']);
  });
  await knex.raw('alter table liability_snapshots add constraint liability_snapshots_total check (total_cents >= 0)');
  await knex.schema.createTable('liability_leaves', (table) => {
    table.bigInteger('snapshot_id').notNullable().references('liability_snapshots.id');
    table.integer('position').notNullable();
    // No foreign key: its check takes a key-share lock on each referenced users row, dirtying 100,000 user rows per
    // snapshot; users are never deleted (every table that refers to them restricts it).
    table.uuid('user_id').notNullable();
    table.uuid('user_key').notNullable();
    table.text('salt').notNullable();
    table.bigInteger('cents').notNullable();
    table.primary(['snapshot_id', 'position']);
    table.unique(['snapshot_id', 'user_id']);
  });
  await knex.raw('alter table liability_leaves add constraint liability_leaves_cents check (cents >= 0)');
  // One statement per call: PGlite's extended protocol takes no multi-statement strings.
  await knex.raw(`
    create function liability_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: a published snapshot never changes', tg_table_name;
    end $$`);
  for (const table of ['liability_snapshots', 'liability_leaves']) {
    await knex.raw(`
      create trigger ${table}_no_update_delete before update or delete on ${table}
        for each row execute function liability_append_only()`);
    await knex.raw(`
      create trigger ${table}_no_truncate before truncate on ${table}
        for each statement execute function liability_append_only()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('liability_leaves');
  await knex.schema.dropTable('liability_snapshots');
  await knex.raw('drop function if exists liability_append_only');
}
