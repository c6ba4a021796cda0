import type { Knex } from 'knex';

/** Each query counts violations; any non-zero count aborts the benchmark before it measures. */
const invariants: Record<string, string> = {
  'transactions that do not sum to zero or have fewer than two entries': `
    select count(*) from (select transaction_id from ledger_entries group by transaction_id
      having sum(amount_cents) <> 0 or count(*) < 2) bad`,
  'transactions without entries': `
    select (select count(*) from ledger_transactions) - (select count(distinct transaction_id) from ledger_entries)`,
  'accounts whose balance is not the sum of their entries': `
    select count(*) from ledger_accounts a
    left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance <> coalesce(e.total, 0)`,
  'entries whose balance_after is not the running sum, or an investor account below zero': `
    select count(*) from (
      select e.balance_after, a.owner_id, sum(e.amount_cents) over (partition by e.account_id order by e.id) as running
      from ledger_entries e join ledger_accounts a on a.id = e.account_id) x
    where balance_after <> running or (owner_id is not null and balance_after < 0)`,
  'cents by which all accounts together are not zero': 'select abs(coalesce(sum(balance), 0)) from ledger_accounts',
  'cents between money received and confirmed deposits': `
    select abs((select -balance from ledger_accounts where owner_id is null and kind = 'deposits_received')
      - (select coalesce(sum(amount_cents), 0) from deposits where status = 'confirmed'))`,
  'cents between payouts and paid withdrawals': `
    select abs((select balance from ledger_accounts where owner_id is null and kind = 'payouts')
      - (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid'))`,
  'cents between held funds and pending withdrawals': `
    select abs((select coalesce(sum(balance), 0) from ledger_accounts where kind = 'pending_withdrawal')
      - (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending'))`,
  'cents between invested balances and active investments': `
    select abs((select coalesce(sum(balance), 0) from ledger_accounts where kind = 'invested')
      - (select coalesce(sum(amount_cents), 0) from investments where status = 'active'))`,
};

export async function checkLedger(db: Knex) {
  const failures: string[] = [];
  for (const [name, query] of Object.entries(invariants)) {
    const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(query);
    const count = Number(Object.values(rows[0]!)[0]);
    if (count !== 0) failures.push(`${name}: ${count}`);
  }
  if (failures.length > 0) throw new Error(`The seeded ledger is inconsistent:\n  ${failures.join('\n  ')}`);
}
