import type { Knex } from 'knex';

/**
 * The plan of the fixture, as two unlogged staging tables: `bench_user` (one row per investor)
 * and `bench_cycle` (one row per "deposit → investment → maturity → withdrawal" story of an
 * investor). Everything is derived from hashes of the row numbers, so a run is repeatable.
 * Every 50th investor is a heavy user (16× the cycles), every 10th a regular one (3×).
 */
export const adminId = "md5('bench-admin')::uuid";
// Longer than the longest plan (72 h) twice over plus the withdrawal steps, so one investor's
// stories never overlap in time and their balances stay non-negative in ledger order.
const cycleSpanHours = 192;

export async function createBenchUsers(db: Knex, users: number) {
  await db.raw(`
    create unlogged table bench_user as
    select n,
      md5('bench-user-' || n)::uuid as id,
      case when n % 4 = 0 and n > 1 then md5('bench-user-' || (n - 1))::uuid end as referrer_id,
      case when n % 50 = 0 then 16 when n % 10 = 0 then 3 else 1 end as weight,
      (abs(hashint8(n::bigint)) % 1000) / 1000.0 as jitter
    from generate_series(1, ${int(users)}) as n`);
}

/** `cyclesPerWeight` scales every investor's number of stories (fractional parts by jitter). */
export async function createBenchCycles(db: Knex, cyclesPerWeight: number, now: Date) {
  await db.raw('drop table if exists bench_cycle');
  await db.raw(`
    create unlogged table bench_cycle as
    with story as (
      select u.n, u.id as user_id, u.referrer_id, s.c, u.k, u.n::bigint * 100000 + s.c as g,
        abs(hashint8(u.n::bigint * 100000 + s.c)) as h
      from (select *, floor(${Number(cyclesPerWeight)} * weight + jitter)::int as k from bench_user) u
      cross join lateral generate_series(0, u.k - 1) as s(c)
    ), shaped as (
      select story.*,
        case when h % 100 < 50 then 1 when h % 100 < 80 then 2 when h % 100 < 95 then 3 else 4 end as plan_id,
        (h / 100) % 3 = 0 as via_deposit,
        c < k - 1 or (h / 300) % 2 = 0 as matured
      from story
    ), priced as (
      select shaped.*, p.duration_hours, p.roi_basis_points,
        p.min_cents + ((h / 3000) % ((coalesce(p.max_cents, 20000000) - p.min_cents) / 100 + 1)) * 100 as amount
      from shaped join plans p on p.id = shaped.plan_id
    ), timed as (
      select priced.*,
        (amount * roi_basis_points + 5000) / 10000 as profit,
        (amount * 500 + 5000) / 10000 as referral_bonus,
        case when not matured then null
             when (h / 600) % 5 = 0 then null
             when (h / 600) % 5 = 3 then 'rejected'
             when (h / 600) % 5 = 4 and c = k - 1 then 'pending'
             else 'paid' end as withdrawal_status,
        case when matured
             then '${now.toISOString()}'::timestamptz - ((k - c) * ${cycleSpanHours} + 24) * interval '1 hour' - ((h / 7) % 600) * interval '1 minute'
             -- Still running: started within the first 80% of the plan's term.
             else '${now.toISOString()}'::timestamptz - (duration_hours * 0.8 * ((h / 7) % 1000) / 1000.0 + 0.1) * interval '1 hour'
        end as confirmed_at
      from priced
    )
    select timed.*,
      md5('bench-deposit-' || g)::uuid as deposit_id,
      md5('bench-receipt-' || g)::uuid as receipt_id,
      md5('bench-investment-' || g)::uuid as investment_id,
      md5('bench-withdrawal-' || g)::uuid as withdrawal_id,
      (amount + profit) * (30 + (h / 30000) % 71) / 100 as withdrawal_amount,
      (array['Bitcoin', 'Ethereum', 'USDT'])[1 + (h / 70) % 3] as withdrawal_method,
      confirmed_at + case when via_deposit then interval '0' else interval '30 minutes' end as starts_at,
      confirmed_at + case when via_deposit then interval '0' else interval '30 minutes' end
        + duration_hours * interval '1 hour' as matures_at
    from timed`);
}

/** The ledger entries the cycles will produce, to aim at the requested total. */
export async function plannedEntries(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { entries: number }[] }>(`
    select coalesce(sum(2 + case when via_deposit then 0 else 2 end + case when matured then 3 else 0 end
      + case withdrawal_status when 'pending' then 2 when 'paid' then 4 when 'rejected' then 4 else 0 end
      + case when c = 0 and referrer_id is not null then 2 else 0 end), 0)::bigint as entries
    from bench_cycle`);
  return Number(rows[0]!.entries);
}

export function int(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a count: ${value}`);
  return value;
}
