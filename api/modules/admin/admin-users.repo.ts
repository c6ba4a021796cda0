import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { depositsOf } from '../deposits/deposits.api';
import { investmentsOf } from '../investments/investments.api';
import {
  availableBalancesQuery,
  creditsByIdempotencyKeyQuery,
  investorBalances,
  investorFlows,
} from '../ledger/ledger.api';

export interface InvestorListRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  country: string | null;
  created_at: Date;
  email_verified_at: Date | null;
  available_cents: number | string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase();
const likePattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The e-mail half of a search. An address holds one `@`, so a term `local@domain` (local at least a trigram long) can
 * only be in an address whose local part ends with `local`: that test, served by the local part's own trigram index,
 * narrows the rows before the `like` on the whole address decides, instead of reading the long posting lists of a
 * common domain's trigrams (migrations/20261129500000_add_users_email_local_part_trigram.ts).
 */
function whereEmailMatches(query: Knex.QueryBuilder, search: string) {
  const [local, ...rest] = search.split('@');
  if (rest.length === 1 && local!.length >= 3)
    query.whereRaw("split_part(lower(u.email), '@', 1) like ?", [`%${escapeLike(local!)}`]);
  query.whereRaw('lower(u.email) like ?', [likePattern(search)]);
}

export const countInvestors = async (db: Db) =>
  Number((await db('users').where({ role: 'investor' }).count<{ count: number }[]>('* as count').first())?.count ?? 0);

/** Keeps the investors whose e-mail or full name contains `search` (the trigram indexes serve exactly these). */
export function whereSearchMatches(query: Knex.QueryBuilder, search: string) {
  query.where((q) =>
    q
      .where((email) => whereEmailMatches(email, search))
      .orWhereRaw("lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like ?", [
        likePattern(search),
      ]),
  );
}

/**
 * Investors matching a search by name or e-mail, each with the balance of their `available` ledger
 * account (`a.available_cents`): the Registered Users table and its CSV export use the same filter.
 */
export function investorsQuery(db: Db, search?: string) {
  const query = db('users as u')
    .leftJoin(availableBalancesQuery(db).as('a'), 'a.user_id', 'u.id')
    .where('u.role', 'investor');
  if (search) whereSearchMatches(query, search);
  return query;
}

export const investorListColumns = (db: Db) => [
  'u.id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.country',
  'u.created_at',
  'u.email_verified_at',
  db.raw('coalesce(a.available_cents, 0) as available_cents'),
];

/** Everything the admin's user page shows about one investor; undefined when there is no such investor. */
export async function investorDetail(db: Db, clock: Clock, userId: string) {
  const user = await db('users as u')
    .leftJoin('users as r', 'r.id', 'u.referred_by')
    .where({ 'u.id': userId, 'u.role': 'investor' })
    .first('u.*', 'r.email as referrer_email');
  if (!user) return undefined;
  const [balances, flows, deposits, investments, withdrawals, referrals, sessions] = await Promise.all([
    investorBalances(db, userId),
    investorFlows(db, userId),
    depositsOf(db, userId),
    investmentsOf(db, userId),
    db('withdrawals')
      .where({ user_id: userId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
    db('users as u')
      .leftJoin(
        creditsByIdempotencyKeyQuery(db).as('b'),
        'b.idempotency_key',
        db.raw("'referral-bonus:' || u.id::text"),
      )
      .where('u.referred_by', userId)
      .orderBy('u.created_at', 'desc')
      .select('u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.created_at', 'b.credit_cents as bonus_cents'),
    // Open = neither revoked nor expired; what the admin may want to know before a password reset.
    db('sessions')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .where('expires_at', '>', clock.now())
      .orderBy('created_at', 'desc')
      .select('id', 'created_at', 'expires_at'),
  ]);
  return { user, balances, flows, deposits, investments, withdrawals, referrals, sessions };
}

export type InvestorDetail = NonNullable<Awaited<ReturnType<typeof investorDetail>>>;

const newestFirst = [
  { column: 'u.created_at', order: 'desc' },
  { column: 'u.id', order: 'desc' },
] as const;

/**
 * One page of investors, newest first, and how many match. A search counts at most `countCap` matches
 * (`capped` then says there are more): an exact count would read every matching row, 40 ms for a term
 * found in 40,000 e-mails, where the page itself needs 20.
 */
export async function investorsPage(
  db: Db,
  page: number,
  pageSize: number,
  search: string | undefined,
  countCap: number,
) {
  const offset = (page - 1) * pageSize;
  const orderedPage = () =>
    investorsQuery(db, search)
      .select<InvestorListRow[]>(investorListColumns(db))
      .orderBy([...newestFirst])
      .limit(pageSize)
      .offset(offset);
  if (!search) {
    const [{ total }] = (await investorsQuery(db).count('* as total')) as [{ total: number | string }];
    return { total: Number(total), capped: false, rows: await orderedPage() };
  }
  // The trigram scan is most of a search's cost: it runs once, for at most countCap + 1 matches with their
  // sign-up time, which both gives the count and, when they are all the matches, the page. The CTE is read
  // twice, so PostgreSQL materializes it. One row comes back even for a page past the end, to carry the count.
  const matches = db('users as u')
    .where('u.role', 'investor')
    .select('u.id', 'u.created_at')
    .limit(countCap + 1);
  whereSearchMatches(matches, search);
  const pageOfMatches = db('m as u')
    .select('u.id')
    .orderBy([...newestFirst])
    .limit(pageSize)
    .offset(offset);
  const found = (await db
    .with('m', matches)
    .from(db('m').count('* as found').as('c'))
    .leftJoin(pageOfMatches.as('p'), (join) => join.on(db.raw('true')))
    .leftJoin('users as u', 'u.id', 'p.id')
    .leftJoin(availableBalancesQuery(db).as('a'), 'a.user_id', 'u.id')
    .select('c.found', ...investorListColumns(db))
    .orderBy([...newestFirst])) as Array<InvestorListRow & { found: number | string }>;
  if (Number(found[0]!.found) > countCap) return { total: countCap, capped: true, rows: await orderedPage() };
  const rows = found.filter((row) => row.id !== null).map(({ found: _found, ...row }) => row);
  return { total: Number(found[0]!.found), capped: false, rows };
}
