import type { Knex } from 'knex';
import { checkLedger } from './seed-check';
import { createBenchCycles, createBenchUsers, plannedEntries } from './seed-cycles';
import { insertLedger } from './seed-ledger';
import { insertRecords } from './seed-records';

export interface SeedSize {
  users: number;
  entries: number;
}

// Ledger indexes rebuilt once after the bulk insert instead of maintained row by row.
const ledgerIndexes = [
  'ledger_entries_account_id_id_index',
  'ledger_entries_transaction_id_index',
  'ledger_transactions_subject_user_id_created_at_index',
];

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`  ${label.padEnd(28)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Seeds investors and about `size.entries` ledger entries, checks the ledger, then analyzes. */
export async function seed(db: Knex, size: SeedSize, now: Date) {
  await timed('investor plan', () => createBenchUsers(db, size.users));
  // Aim at the entry count: one trial sizing of the stories, then the proportional one.
  const trial = 1;
  await createBenchCycles(db, trial, now);
  const trialEntries = await plannedEntries(db);
  const scale = trialEntries === 0 ? trial : (trial * size.entries) / trialEntries;
  await timed('stories', () => createBenchCycles(db, scale, now));

  const definitions = await db('pg_indexes')
    .whereIn('indexname', ledgerIndexes)
    .select<{ indexdef: string }[]>('indexdef');
  if (definitions.length !== ledgerIndexes.length)
    throw new Error('the ledger indexes were renamed; update bench/seed.ts');
  for (const name of ledgerIndexes) await db.raw(`drop index ${name}`);
  await timed('users and records', () => insertRecords(db, now));
  await timed('ledger', () => insertLedger(db));
  await timed('ledger indexes', async () => {
    for (const { indexdef } of definitions) await db.raw(indexdef);
  });
  for (const table of ['bench_tx', 'bench_txn', 'bench_leg', 'bench_deposit', 'bench_cycle', 'bench_user']) {
    await db.raw(`drop table ${table}`);
  }
  await timed('consistency check', () => checkLedger(db));
  await timed('analyze', () => db.raw('vacuum analyze'));
  const { rows } = await db.raw<{ rows: { users: number; entries: number; transactions: number }[] }>(`
    select (select count(*) from users where role = 'investor') as users,
      (select count(*) from ledger_entries) as entries, (select count(*) from ledger_transactions) as transactions`);
  return rows[0]!;
}
