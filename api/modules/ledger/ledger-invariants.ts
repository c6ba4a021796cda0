import type { Knex } from 'knex';

/**
 * Facts about the ledger that must hold after every operation, read straight from its tables:
 * the stored investor balances and the per-investor flow totals are caches of the entries, and
 * this is where they are checked against them (tests, `npm run ledger:check`, the bench's seed).
 */
export async function ledgerViolations(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db('ledger_entries')
    .groupBy('transaction_id')
    .havingRaw('sum(amount_cents) <> 0 or count(*) < 2')
    .select('transaction_id');
  if (unbalanced.length)
    problems.push(
      `transactions not summing to zero: ${unbalanced
        .slice(0, 20)
        .map((row) => row.transaction_id)
        .join(', ')}`,
    );
  const overdrawn = await db('ledger_accounts')
    .whereNotNull('owner_id')
    .where('balance', '<', 0)
    .select('id', 'kind', 'balance');
  if (overdrawn.length) problems.push(`investor accounts below zero: ${JSON.stringify(overdrawn.slice(0, 20))}`);
  const drifted = await db.raw<{ rows: { id: number }[] }>(`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance <> case when a.owner_id is null then 0 else coalesce(e.total, 0) end`);
  if (drifted.rows.length) {
    problems.push(
      `account balances differing from their entries (system accounts store 0): ${drifted.rows
        .slice(0, 20)
        .map((row) => row.id)
        .join(', ')}`,
    );
  }
  const runningSums = await db.raw<{ rows: unknown[] }>(`
    select 1 from (
      select e.balance_after, sum(e.amount_cents) over (partition by e.account_id order by e.id) as running
      from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.owner_id is not null) x
    where balance_after is distinct from running or balance_after < 0 limit 1`);
  if (runningSums.rows.length)
    problems.push('an investor entry’s balance_after is not the running sum of its account, or is below zero');
  const flows = await db.raw<{
    rows: { subject_user_id: string; account_id: number; kind: string; stored: number | null; summed: number | null }[];
  }>(`
    select coalesce(f.subject_user_id, s.subject_user_id) as subject_user_id, coalesce(f.account_id, s.account_id) as account_id,
      coalesce(f.transaction_kind, s.kind) as kind, f.total_cents as stored, s.total as summed
    from ledger_flow_totals f
    full join (
      select t.subject_user_id, e.account_id, t.kind, sum(e.amount_cents) as total
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.owner_id is null
      join ledger_transactions t on t.id = e.transaction_id and t.subject_user_id is not null
      group by t.subject_user_id, e.account_id, t.kind) s
    on s.subject_user_id = f.subject_user_id and s.account_id = f.account_id and s.kind = f.transaction_kind
    where f.total_cents is distinct from s.total`);
  if (flows.rows.length)
    problems.push(`flow totals differing from their entries: ${JSON.stringify(flows.rows.slice(0, 20))}`);
  return problems;
}
