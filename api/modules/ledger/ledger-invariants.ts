import type { Knex } from 'knex';

/** Facts about the ledger that must hold after every operation, read straight from its tables. */
export async function ledgerViolations(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db('ledger_entries').groupBy('transaction_id').havingRaw('sum(amount_cents) <> 0').select('transaction_id');
  if (unbalanced.length) problems.push(`transactions not summing to zero: ${unbalanced.map((row) => row.transaction_id).join(', ')}`);
  const overdrawn = await db('ledger_accounts').whereNotNull('owner_id').where('balance', '<', 0).select('id', 'kind', 'balance');
  if (overdrawn.length) problems.push(`investor accounts below zero: ${JSON.stringify(overdrawn)}`);
  const drifted = await db('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .groupBy('a.id', 'a.balance')
    .havingRaw('a.balance <> coalesce(sum(e.amount_cents), 0)')
    .select('a.id');
  if (drifted.length) problems.push(`account balances differing from their entries: ${drifted.map((row) => row.id).join(', ')}`);
  const total = await db('ledger_accounts').sum<{ total: number }[]>('balance as total').first();
  if (Number(total?.total ?? 0) !== 0) problems.push(`all accounts sum to ${total?.total}, not 0`);
  const lastBalance = await db.raw<{ rows: unknown[] }>(`
    select a.id from ledger_accounts a
    join lateral (select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1) last on true
    where last.balance_after <> a.balance`);
  if (lastBalance.rows.length) problems.push('an account’s last balance_after differs from its balance');
  return problems;
}
