import { prepared, type Db } from '../../db/connect';
import type { CheckedSession } from '../../lib/app-state';
import type { InvestmentView } from '../investments/investments.api';
import type { FundHold } from '../../contracts/kyc-limits';
import {
  investorBalancesJson,
  investorFlowTotalsJson,
  summariseFlows,
  transactionCreditsSum,
  transactionsAboutQuery,
  type FlowTotal,
} from '../ledger/ledger.api';

/** The head of a statement that also checks the session (`SessionService.liveSessionSql`). */
export interface SessionCheck {
  sql: string;
  bindings: Record<string, unknown>;
}

/**
 * The session check and everything the dashboard shows, in one statement (one round trip): the
 * session, the referral code, the stored balances, the flow totals and the active investments, each
 * read by its index. Undefined when the session is not live.
 */
export async function dashboardForSession(db: Db, session: SessionCheck) {
  const { rows } = await db
    .raw<{
      rows: (CheckedSession & {
        referral_code: string;
        balances: Record<string, number> | null;
        flows: FlowTotal[] | null;
        active: InvestmentView[] | null;
      })[];
    }>(
      `
    ${session.sql}
    select live_session.*, u.referral_code,
      :balances as balances,
      :flows as flows,
      (select json_agg(i order by i.starts_at desc) from (
        select i.id, p.name as plan_name, i.amount_cents, i.expected_return_cents, i.status, i.starts_at, i.matures_at
        from investments i join plans p on p.id = i.plan_id where i.user_id = u.id and i.status = 'active') i) as active
    from live_session join users u on u.id = live_session.user_id`,
      {
        ...session.bindings,
        balances: investorBalancesJson(db, 'u.id'),
        flows: investorFlowTotalsJson(db, 'u.id'),
      },
    )
    .options(prepared('dashboard'));
  const row = rows[0];
  if (!row) return undefined;
  const balance = (kind: string) => Number(row.balances?.[kind] ?? 0);
  return {
    session: { session_id: row.session_id, user_id: row.user_id, role: row.role, email: row.email },
    referralCode: row.referral_code,
    available: balance('available'),
    flows: summariseFlows(row.flows ?? []),
    active: row.active ?? [],
  };
}

export type TransactionTab = 'deposit' | 'withdrawal' | 'others';

export type HistoryRow = {
  id: string;
  date: Date;
  type: string;
  status: string;
  amount_cents: number;
  via: string | null;
  /** Why the deposit's money is held now (an unreleased `fund_holds` row under its ledger key); null otherwise. */
  held: FundHold['reason'] | null;
  total: number;
};

/**
 * The session check and one page of history over deposits (receipts, and on-chain payments credited or still
 * confirming, at their credited or expected value), withdrawals and the other ledger events,
 * newest first, in one statement; `via` is the coin or method. A ledger event's amount (the sum of its
 * credits) is looked up for the page's rows only, not for the investor's whole history. Undefined
 * when the session is not live; a live session with no history is one row of nulls, left out of `rows`.
 */
export async function transactionHistory(
  db: Db,
  session: SessionCheck,
  tab: TransactionTab,
  type: string | undefined,
  page: number,
  pageSize: number,
) {
  const sources: Record<TransactionTab, string> = {
    deposit: `select d.id::text as id, d.created_at as date,
                case when p.name is null then 'Deposit' else 'Deposit (' || p.name || ' plan)' end as type,
                d.status, d.amount_cents, d.coin, null::bigint, 'deposit:' || d.id from deposits d left join plans p on p.id = d.plan_id where d.user_id = live_session.user_id
              union all
              select 'c' || cp.id::text, cp.first_seen_at, 'On-chain deposit',
                case when cp.credited_cents is null then 'pending' else 'confirmed' end,
                coalesce(cp.credited_cents, case when cp.priced_by_quote then floor(q.amount_cents * cp.units / q.coin_units)
                  else floor(cp.units * cp.rate * 100 / power(10::numeric, cp.decimals)) end)::bigint,
                cp.coin, null::bigint, 'deposit:' || cp.chain || ':' || cp.tx_hash || ':' || cp.output_index
              from chain_payments cp join deposit_quotes q on q.id = cp.quote_id
              where cp.user_id = live_session.user_id
                and (cp.credited_cents is not null or (cp.status in ('seen', 'confirming') and (cp.priced_by_quote or cp.rate is not null)))`,
    withdrawal: `select w.id::text, w.created_at, 'Withdrawal (' || w.method || ')', w.status, w.amount_cents, w.method, null::bigint, null
                 from withdrawals w where w.user_id = live_session.user_id`,
    others: `select t.id::text, t.created_at,
               case t.kind when 'investment' then 'Plan purchase' when 'maturity' then 'Plan return' else 'Referral bonus' end,
               'completed', null::bigint, null::text, t.id, null
             from :ledgerEvents t`,
  };
  // The search box matches what a row says: its type, its coin or method (`via`) and its status.
  const filter = type ? 'where h.type ilike :type or h.via ilike :type or h.status ilike :type' : '';
  const { rows } = await db
    .raw<{ rows: (CheckedSession & { [K in keyof HistoryRow]: HistoryRow[K] | null })[] }>(
      `${session.sql}
     select live_session.*, h.id, h.date, h.type, h.status, h.via, h.held, h.total, h.amount_cents
     from live_session left join lateral (
       select h.id, h.date, h.type, h.status, h.via, fh.reason as held, h.total,
         coalesce(h.amount_cents, :eventCredits) as amount_cents
       from (
         select h.*, count(*) over () as total
         from (${sources[tab]}) as h (id, date, type, status, amount_cents, via, transaction_id, ledger_key)
         ${filter} order by h.date desc, h.id desc limit :limit offset :offset
       ) h
       left join fund_holds fh on fh.deposit_key = h.ledger_key and fh.released_at is null
     ) h on true
     order by h.date desc, h.id desc`,
      {
        ...session.bindings,
        ledgerEvents: transactionsAboutQuery(db, 'live_session.user_id', ['investment', 'maturity', 'referral_bonus']),
        eventCredits: transactionCreditsSum(db, 'h.transaction_id'),
        type: `%${(type ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      },
    )
    .options(prepared(`history-${tab}${type ? '-search' : ''}`));
  const first = rows[0];
  if (!first) return undefined;
  const history = rows.filter((row): row is CheckedSession & HistoryRow => row.id !== null);
  return {
    session: { session_id: first.session_id, user_id: first.user_id, role: first.role, email: first.email },
    rows: history,
    total: Number(history[0]?.total ?? 0),
  };
}
