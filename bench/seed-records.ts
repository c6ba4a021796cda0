import type { Knex } from 'knex';
import { adminId } from './seed-cycles';

/**
 * The business rows behind the ledger: investors (with payout addresses and referrers), a
 * receipt file and a deposit per confirmed deposit, the investments and the withdrawals, plus
 * pending and rejected deposits that never reach the ledger, as the product leaves them.
 */
export async function insertRecords(db: Knex, now: Date) {
  const at = `'${now.toISOString()}'::timestamptz`;
  // Nobody signs in with a password during the run; the hash is deliberately unusable.
  await db.raw(`
    insert into users (id, role, email, password_hash, name, referral_code, email_verified_at, created_at, updated_at)
    values (${adminId}, 'admin', 'bench-admin@bench.example', '!bench', 'Bench Admin', 'BENCHADMIN', ${at}, ${at}, ${at})`);
  await db.raw(`
    insert into users (id, role, email, password_hash, first_name, last_name, phone_number, country,
      bitcoin_address, ethereum_address, usdt_address, referral_code, referred_by, email_verified_at, created_at, updated_at)
    select u.id, 'investor', 'investor' || u.n || '@bench.example', '!bench', 'Bench', 'Investor ' || u.n,
      '+1555' || lpad(u.n::text, 7, '0'), 'US', 'bc1qbench' || u.n, '0xbench' || u.n, 'TBench' || u.n,
      'B' || u.n, u.referrer_id, joined, joined, joined
    from bench_user u
    left join (select n, min(confirmed_at) as first_confirmed from bench_cycle group by n) f using (n)
    cross join lateral (select coalesce(f.first_confirmed - interval '3 days', ${at} - (u.n % 365) * interval '1 day') as joined) j`);

  // Pending (every 7th investor) and rejected (every 11th) deposits: history rows, no ledger entries.
  await db.raw(`
    create unlogged table bench_deposit as
    select deposit_id as id, receipt_id, user_id, amount, case when via_deposit then plan_id end as plan_id,
      'confirmed' as status, null as reject_reason, confirmed_at - interval '2 hours' as created_at, confirmed_at as decided_at, h
    from bench_cycle
    union all
    select md5('bench-open-deposit-' || n)::uuid, md5('bench-open-receipt-' || n)::uuid, id, (50 + n % 950) * 100, 1 + n % 4,
      'pending', null, ${at} - (n % 48) * interval '1 hour', null, n
    from bench_user where n % 7 = 0
    union all
    select md5('bench-rejected-deposit-' || n)::uuid, md5('bench-rejected-receipt-' || n)::uuid, id, (50 + n % 950) * 100, null,
      'rejected', 'The receipt does not show the transfer', ${at} - (n % 30) * interval '1 day' - interval '5 hours',
      ${at} - (n % 30) * interval '1 day' - interval '4 hours', n
    from bench_user where n % 11 = 0`);
  // A PNG signature plus the id: tiny, unique per receipt, so the sha256 index is realistic.
  await db.raw(`
    insert into receipt_files (id, sha256, content_type, size_bytes, original_name, data, created_at)
    select receipt_id, encode(sha256(bytes), 'hex'), 'image/png', length(bytes), 'receipt.png', bytes, created_at
    from bench_deposit cross join lateral (select decode('89504e470d0a1a0a', 'hex') || convert_to(receipt_id::text, 'UTF8') as bytes) b`);
  await db.raw(`
    insert into deposits (id, user_id, amount_cents, coin, plan_id, receipt_file_id, status, reject_reason, decided_by, decided_at, created_at)
    select id, user_id, amount, (array['bitcoin', 'ethereum', 'usdt', 'litecoin'])[1 + h % 4], plan_id, receipt_id, status, reject_reason,
      case when decided_at is not null then ${adminId} end, decided_at, created_at
    from bench_deposit`);
  await db.raw(`
    insert into investments (id, user_id, plan_id, amount_cents, expected_return_cents, deposit_id, status, starts_at, matures_at, matured_at)
    select investment_id, user_id, plan_id, amount, amount + profit, case when via_deposit then deposit_id end,
      case when matured then 'matured' else 'active' end, starts_at, matures_at,
      case when matured then matures_at + interval '1 minute' end
    from bench_cycle`);
  await db.raw(`
    insert into withdrawals (id, user_id, amount_cents, method, address, status, tx_hash, reject_reason, decided_by, decided_at, created_at)
    select withdrawal_id, user_id, withdrawal_amount, withdrawal_method,
      case withdrawal_method when 'Bitcoin' then 'bc1qbench' when 'Ethereum' then '0xbench' else 'TBench' end || n,
      withdrawal_status,
      case when withdrawal_status = 'paid' then '0x' || md5('bench-tx-' || g) end,
      case when withdrawal_status = 'rejected' then 'Address could not be verified' end,
      case when withdrawal_status <> 'pending' then ${adminId} end,
      case when withdrawal_status <> 'pending' then matures_at + interval '1 day' end,
      matures_at + interval '2 hours'
    from bench_cycle where withdrawal_status is not null`);
}
