import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import type { InvestorAccountKind, TransactionKind } from './ledger.service';

/*
 * What other modules read of the ledger. Readers that put ledger data beside their own in one statement (one round
 * trip) get a query builder to join as a subquery, which PostgreSQL pulls up into the outer join so the plan is that
 * of a direct join, or a raw correlated subquery naming the outer column it depends on.
 */

const investorAccountKinds: InvestorAccountKind[] = ['available', 'invested', 'pending_withdrawal', 'held'];

/** An investor's balances in cents, read from the account rows the ledger keeps. */
export async function investorBalances(executor: Db, userId: string) {
  const rows = await executor('ledger_accounts')
    .where({ owner_id: userId })
    .select<{ kind: InvestorAccountKind; balance: number }[]>('kind', 'balance');
  const balance = (kind: InvestorAccountKind) => Number(rows.find((row) => row.kind === kind)?.balance ?? 0);
  return {
    available: balance('available'),
    invested: balance('invested'),
    pendingWithdrawal: balance('pending_withdrawal'),
    held: balance('held'),
  };
}

export type InvestorBalances = Awaited<ReturnType<typeof investorBalances>>;

/** The investor's balances as one JSON object (account kind to cents; kinds never used are absent), as a subquery. */
export const investorBalancesJson = (executor: Db, userColumn: string) =>
  executor.raw('(select json_object_agg(a.kind, a.balance) from ledger_accounts a where a.owner_id = ??)', [
    userColumn,
  ]);

/** The money all investors hold together, in cents. */
export async function investorMoneyTotal(executor: Db) {
  const row = await executor('ledger_accounts')
    .whereNotNull('owner_id')
    .sum<{ sum: number | string | null }[]>('balance as sum')
    .first();
  return Number(row?.sum ?? 0);
}

/** Each investor's `available` balance as rows (user_id, available_cents), to left join: no row before a first transfer. */
export const availableBalancesQuery = (executor: Db) =>
  executor('ledger_accounts').where('kind', 'available').select('owner_id as user_id', 'balance as available_cents');

/** Every investor account as rows (user_id, kind, balance_cents), to join. */
export const investorAccountsQuery = (executor: Db) =>
  executor('ledger_accounts')
    .whereNotNull('owner_id')
    .select('owner_id as user_id', 'kind', 'balance as balance_cents');

/**
 * Each investor's money at a ledger point, the sum of their entries up to that transaction id, as rows (user_id,
 * cents), to join. Investors without entries by then have no row.
 */
export const investorMoneyAtPointQuery = (executor: Db, point: number) =>
  executor('ledger_entries as e')
    .join('ledger_accounts as a', (join) => join.on('a.id', 'e.account_id').andOnNotNull('a.owner_id'))
    .where('e.transaction_id', '<=', point)
    .whereIn('a.kind', investorAccountKinds)
    .groupBy('a.owner_id')
    .select('a.owner_id as user_id', executor.raw('sum(e.amount_cents) as cents'));

/**
 * Holds new transfers back until `trx` ends, after waiting out those in flight, and returns the newest transaction id
 * (0 before the first): every balance `trx` reads next stands exactly at that point. Transfers start by inserting their
 * transaction row, so a SHARE lock on that table does it; without it a lower id could still commit later, as a sequence
 * hands ids out before commit.
 */
export async function holdTransfersAtNewestPoint(trx: Knex.Transaction) {
  await trx.raw('lock table ledger_transactions in share mode');
  const { rows } = await trx.raw<{ rows: { point: string | null }[] }>(
    'select max(id) as point from ledger_transactions',
  );
  return Number(rows[0]?.point ?? 0);
}

/**
 * The credits (positive entries) of each transaction by its idempotency key, as rows (idempotency_key,
 * credit_cents), to left join on a key the caller posted under.
 */
export const creditsByIdempotencyKeyQuery = (executor: Db) =>
  executor('ledger_transactions as t')
    .join('ledger_entries as e', (join) =>
      join.on('e.transaction_id', 't.id').andOn('e.amount_cents', '>', executor.raw('0')),
    )
    .select('t.idempotency_key', 'e.amount_cents as credit_cents');

/** The sum of the credits of the transaction whose id is in `transactionColumn`, as a correlated subquery. */
export const transactionCreditsSum = (executor: Db, transactionColumn: string) =>
  executor.raw(
    '(select sum(e.amount_cents) from ledger_entries e where e.transaction_id = ?? and e.amount_cents > 0)',
    [transactionColumn],
  );

/** The transactions of some kinds about the investor in `userColumn`, as rows (id, kind, created_at), to select from. */
export const transactionsAboutQuery = (executor: Db, userColumn: string, kinds: TransactionKind[]) =>
  executor.raw(
    `(select t.id, t.kind, t.created_at from ledger_transactions t
      where t.subject_user_id = ?? and t.kind in (${kinds.map(() => '?').join(', ')}))`,
    [userColumn, ...kinds],
  );

/** One system-account flow total about an investor: the sum of that account's legs in their transfers of one kind. */
export interface FlowTotal {
  account: string;
  transaction_kind: string;
  total_cents: number | string;
}

/** Money in, returns, bonuses and payouts of an investor, from the system-account side of their flow totals. */
export function summariseFlows(rows: FlowTotal[]) {
  const sum = (account: string, kind?: (k: string) => boolean) =>
    rows
      .filter((row) => row.account === account && (!kind || kind(row.transaction_kind)))
      .reduce((total, row) => total + Number(row.total_cents), 0);
  return {
    totalDeposit: -sum('deposits_received'),
    totalProfit: -sum('returns_paid'),
    referralBonus: -sum('bonuses', (kind) => kind === 'referral_bonus'),
    bonus: -sum('bonuses', (kind) => kind !== 'referral_bonus'),
    totalWithdrawal: sum('payouts'),
  };
}

/**
 * The investor's flows summed up, from the running totals postTransfer keeps per investor: a handful of rows however
 * long the history.
 */
export async function investorFlows(executor: Db, userId: string) {
  const rows = await executor('ledger_flow_totals as f')
    .join('ledger_accounts as a', 'a.id', 'f.account_id')
    .where('f.subject_user_id', userId)
    .select<FlowTotal[]>('a.kind as account', 'f.transaction_kind', 'f.total_cents');
  return summariseFlows(rows);
}

/** The investor's flow totals as a JSON array of `FlowTotal` (null when none), as a correlated subquery. */
export const investorFlowTotalsJson = (executor: Db, userColumn: string) =>
  executor.raw(
    `(select json_agg(json_build_object('account', a.kind, 'transaction_kind', f.transaction_kind, 'total_cents', f.total_cents))
      from ledger_flow_totals f join ledger_accounts a on a.id = f.account_id where f.subject_user_id = ??)`,
    [userColumn],
  );

/**
 * Deposits credited about the investor since `since`, in cents: what the deposits-received account gave out in their
 * `deposit` transfers, whichever of their accounts it went to (held included).
 */
export async function depositsCreditedSince(executor: Db, userId: string, since: Date) {
  const row = await executor('ledger_transactions as t')
    .join('ledger_entries as e', 'e.transaction_id', 't.id')
    .join('ledger_accounts as a', (join) => join.on('a.id', 'e.account_id').andOnNull('a.owner_id'))
    .where({ 't.subject_user_id': userId, 't.kind': 'deposit', 'a.kind': 'deposits_received' })
    .where('t.created_at', '>=', since)
    .sum<{ cents: string | number | null }[]>('e.amount_cents as cents')
    .first();
  return -Number(row?.cents ?? 0);
}

/**
 * Withdrawals the investor requested since `since` and that were not rejected, in cents: the money their
 * `withdrawal_hold` transfers moved, less those whose withdrawal was later rejected (`withdrawal-rejected:<id>`, the
 * key of withdrawals/withdrawal-transfers.ts).
 */
export async function withdrawalsRequestedSince(executor: Db, userId: string, since: Date) {
  const row = await executor('ledger_transactions as t')
    .join('ledger_entries as e', (join) =>
      join.on('e.transaction_id', 't.id').andOn('e.amount_cents', '>', executor.raw('0')),
    )
    .where({ 't.subject_user_id': userId, 't.kind': 'withdrawal_hold' })
    .where('t.created_at', '>=', since)
    .whereNotExists((query) =>
      query
        .from('ledger_transactions as r')
        .whereRaw("r.idempotency_key = 'withdrawal-rejected:' || (t.details->>'withdrawalId')"),
    )
    .sum<{ cents: string | number | null }[]>('e.amount_cents as cents')
    .first();
  return Number(row?.cents ?? 0);
}
