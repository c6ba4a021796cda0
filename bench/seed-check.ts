import type { Knex } from 'knex';
import { ledgerViolations } from '../api/modules/ledger/ledger.api';

// System accounts store no balance: theirs is the sum of their entries.
const systemBalance = (kind: string) =>
  `(select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.owner_id is null and a.kind = '${kind}')`;

/** Each query counts violations of the business records against the ledger. */
const invariants: Record<string, string> = {
  'cents between money received and confirmed deposits': `
    select abs(-${systemBalance('deposits_received')} - (select coalesce(sum(amount_cents), 0) from deposits where status = 'confirmed'))`,
  'cents between payouts and paid withdrawals': `
    select abs(${systemBalance('payouts')} - (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'paid'))`,
  'cents between held funds and pending withdrawals': `
    select abs((select coalesce(sum(balance), 0) from ledger_accounts where kind = 'pending_withdrawal')
      - (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'pending'))`,
  'cents between invested balances and active investments': `
    select abs((select coalesce(sum(balance), 0) from ledger_accounts where kind = 'invested')
      - (select coalesce(sum(amount_cents), 0) from investments where status = 'active'))`,
};

/** The product's own ledger check (balances and flow totals against the entries), then the records'; any failure aborts the bench. */
export async function checkLedger(db: Knex) {
  const failures = await ledgerViolations(db);
  for (const [name, query] of Object.entries(invariants)) {
    const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(query);
    const count = Number(Object.values(rows[0]!)[0]);
    if (count !== 0) failures.push(`${name}: ${count}`);
  }
  if (failures.length > 0) throw new Error(`The seeded ledger is inconsistent:\n  ${failures.join('\n  ')}`);
}
