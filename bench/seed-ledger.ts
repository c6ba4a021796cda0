import type { Knex } from 'knex';
import { backfillLedgerFlowTotals } from '../migrations/20261124020000_ledger_flow_totals';
import { adminId } from './seed-cycles';

/**
 * Writes the ledger the product would have written for the cycles, set-based. postTransfer
 * posts one transfer per round trip (about a million entries would take far too long), so this
 * benchmark fixture reproduces its results instead: the same transaction kinds, idempotency
 * keys, details and legs in the same order; transaction and entry ids in time order; each
 * investor balance_after the running sum of its account in id order; investor balances the sum
 * of the entries (system accounts store none, as postTransfer); the flow totals per investor.
 * checkLedger() then verifies all of it before anything is measured.
 */
export async function insertLedger(db: Knex) {
  const posted = (kind: string, amounts: string) =>
    `array[${kind}]::text[] as kinds, array[${amounts}]::bigint[] as amounts`;
  await db.raw(`
    create unlogged table bench_tx as
    select 'deposit:' || deposit_id as key, 'deposit' as kind, user_id as subject, ${adminId} as actor, confirmed_at as at, 0 as ord,
      jsonb_build_object('depositId', deposit_id, 'planId', case when via_deposit then plan_id end) as details,
      array[null, user_id]::uuid[] as owners,
      ${posted(`'deposits_received', case when via_deposit then 'invested' else 'available' end`, '-amount, amount')}
    from bench_cycle
    union all
    select 'referral-bonus:' || user_id, 'referral_bonus', referrer_id, null, confirmed_at, 1,
      jsonb_build_object('referredUserId', user_id, 'depositId', deposit_id),
      array[null, referrer_id]::uuid[], ${posted(`'bonuses', 'available'`, '-referral_bonus, referral_bonus')}
    from bench_cycle where c = 0 and referrer_id is not null
    union all
    select 'investment:' || investment_id, 'investment', user_id, user_id, starts_at, 2,
      jsonb_build_object('investmentId', investment_id, 'planId', plan_id),
      array[user_id, user_id], ${posted(`'available', 'invested'`, '-amount, amount')}
    from bench_cycle where not via_deposit
    union all
    select 'maturity:' || investment_id, 'maturity', user_id, null, matures_at, 3, jsonb_build_object('investmentId', investment_id),
      array[user_id, user_id, null]::uuid[], ${posted(`'invested', 'available', 'returns_paid'`, '-amount, amount + profit, -profit')}
    from bench_cycle where matured
    union all
    select 'withdrawal-hold:' || withdrawal_id, 'withdrawal_hold', user_id, user_id, matures_at + interval '2 hours', 4,
      jsonb_build_object('withdrawalId', withdrawal_id),
      array[user_id, user_id], ${posted(`'available', 'pending_withdrawal'`, '-withdrawal_amount, withdrawal_amount')}
    from bench_cycle where withdrawal_status is not null
    union all
    select 'withdrawal-' || withdrawal_status || ':' || withdrawal_id,
      case when withdrawal_status = 'paid' then 'withdrawal_paid' else 'withdrawal_released' end,
      user_id, ${adminId}, matures_at + interval '1 day', 5,
      jsonb_build_object('withdrawalId', withdrawal_id) || case when withdrawal_status = 'paid'
        then jsonb_build_object('txHash', '0x' || md5('bench-tx-' || g)) else jsonb_build_object('reason', 'Address could not be verified') end,
      array[user_id, case when withdrawal_status = 'paid' then null else user_id end]::uuid[],
      ${posted(`'pending_withdrawal', case when withdrawal_status = 'paid' then 'payouts' else 'available' end`, '-withdrawal_amount, withdrawal_amount')}
    from bench_cycle where withdrawal_status in ('paid', 'rejected')`);

  await db.raw(`
    create unlogged table bench_txn as
    select row_number() over (order by at, ord, key) as id, * from bench_tx`);
  await db.raw(`
    insert into ledger_transactions (id, idempotency_key, kind, subject_user_id, actor_id, details, created_at)
    select id, key, kind, subject, actor, details, at from bench_txn order by id`);
  await db.raw(`
    create unlogged table bench_leg as
    select t.id as transaction_id, leg.position, leg.owner_id, leg.kind, leg.amount
    from bench_txn t cross join lateral unnest(t.owners, t.kinds, t.amounts) with ordinality as leg(owner_id, kind, amount, position)`);
  // Investor accounts are created on first use, as postTransfer does.
  await db.raw(`
    insert into ledger_accounts (owner_id, kind)
    select owner_id, kind from bench_leg where owner_id is not null group by owner_id, kind order by min(transaction_id), kind`);

  const noOwner = "'00000000-0000-0000-0000-000000000000'::uuid";
  await db.raw(`
    insert into ledger_entries (id, transaction_id, account_id, amount_cents, balance_after)
    select id, transaction_id, account_id, amount,
      case when owner_id is not null then sum(amount) over (partition by account_id order by id) end
    from (
      select row_number() over (order by l.transaction_id, l.position) as id, l.transaction_id, a.id as account_id, l.owner_id, l.amount
      from bench_leg l join ledger_accounts a on coalesce(a.owner_id, ${noOwner}) = coalesce(l.owner_id, ${noOwner}) and a.kind = l.kind
    ) e`);
  await db.raw(`
    update ledger_accounts a set balance = s.total
    from (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) s
    where s.account_id = a.id and a.owner_id is not null`);
  // The migration's own backfill, so the seed also checks it on a large ledger.
  await backfillLedgerFlowTotals(db);
  for (const table of ['ledger_transactions', 'ledger_entries', 'ledger_accounts']) {
    await db.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
}
