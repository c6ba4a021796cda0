import type { Db } from '../../db/connect';

const systemAccountIds = new WeakMap<object, Promise<Map<number, string>>>();

/** The four system accounts are fixed rows made by a migration: read their ids once per pool. */
function systemAccounts(db: Db) {
  let cached = systemAccountIds.get(db);
  if (!cached) {
    cached = db('ledger_accounts').whereNull('owner_id').select<{ id: number; kind: string }[]>('id', 'kind')
      .then((rows) => new Map(rows.map((row) => [Number(row.id), row.kind])));
    systemAccountIds.set(db, cached);
  }
  return cached;
}

/**
 * Per investor, the system-account side of every transaction about them, by account and
 * transaction kind: money in, returns, bonuses and payouts all read straight from the ledger.
 * Filtering on the system account ids (not `owner_id is null`) keeps the planner starting from
 * the investor's own transactions: the 4 system rows are easily missed by its statistics.
 */
export async function systemFlowsFor(db: Db, userId: string) {
  const accounts = await systemAccounts(db);
  const rows = await db('ledger_transactions as t')
    .join('ledger_entries as e', 'e.transaction_id', 't.id')
    .where('t.subject_user_id', userId)
    .whereIn('e.account_id', [...accounts.keys()])
    .groupBy('e.account_id', 't.kind')
    .select<{ account_id: number; kind: string; total: number }[]>('e.account_id', 't.kind as kind', db.raw('sum(e.amount_cents)::bigint as total'));
  const sum = (account: string, kind?: (k: string) => boolean) =>
    rows
      .filter((row) => accounts.get(Number(row.account_id)) === account && (!kind || kind(row.kind)))
      .reduce((total, row) => total + Number(row.total), 0);
  return {
    totalDeposit: -sum('deposits_received'),
    totalProfit: -sum('returns_paid'),
    referralBonus: -sum('bonuses', (kind) => kind === 'referral_bonus'),
    bonus: -sum('bonuses', (kind) => kind !== 'referral_bonus'),
    totalWithdrawal: sum('payouts'),
  };
}

export type TransactionTab = 'deposit' | 'withdrawal' | 'others';

/** One history over deposits, withdrawals and the other ledger events, newest first; `via` is the coin or method. */
export async function transactionHistory(db: Db, userId: string, tab: TransactionTab, type: string | undefined, page: number, pageSize: number) {
  const sources: Record<TransactionTab, string> = {
    deposit: `select d.id::text as id, d.created_at as date,
                case when p.name is null then 'Deposit' else 'Deposit (' || p.name || ' plan)' end as type,
                d.status, d.amount_cents, d.coin from deposits d left join plans p on p.id = d.plan_id where d.user_id = :userId`,
    withdrawal: `select w.id::text, w.created_at, 'Withdrawal (' || w.method || ')', w.status, w.amount_cents, w.method
                 from withdrawals w where w.user_id = :userId`,
    others: `select t.id::text, t.created_at,
               case t.kind when 'investment' then 'Plan purchase' when 'maturity' then 'Plan return' else 'Referral bonus' end,
               'completed', (select sum(e.amount_cents) from ledger_entries e where e.transaction_id = t.id and e.amount_cents > 0),
               null::text
             from ledger_transactions t where t.subject_user_id = :userId and t.kind in ('investment', 'maturity', 'referral_bonus')`,
  };
  // The search box matches what a row says: its type, its coin or method (`via`) and its status.
  const filter = type ? 'where h.type ilike :type or h.via ilike :type or h.status ilike :type' : '';
  const { rows } = await db.raw<{ rows: { id: string; date: Date; type: string; status: string; amount_cents: number; via: string | null; total: number }[] }>(
    `select h.*, count(*) over () as total from (${sources[tab]}) as h (id, date, type, status, amount_cents, via)
     ${filter} order by h.date desc, h.id desc limit :limit offset :offset`,
    { userId, type: `%${(type ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
}
