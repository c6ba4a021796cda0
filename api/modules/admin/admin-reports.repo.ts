import type { Db } from '../../db/connect';
import { investorMoneyTotal } from '../ledger/ledger.api';

export interface AuditFilter {
  action?: string;
  actor?: string;
}

export interface AuditRow {
  id: number | string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/** The audit log filtered by action and by part of the actor's e-mail: the Audit Log page and its CSV. */
export function auditLogQuery(db: Db, { action, actor }: AuditFilter) {
  const query = db('audit_log as l').leftJoin('users as u', 'u.id', 'l.actor_id');
  if (action) query.where('l.action', action);
  if (actor) query.whereRaw('lower(u.email) like ?', [`%${actor.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`]);
  return query;
}

/** One page of the filtered audit log, newest first, each row with the filtered total. */
export const auditLogPage = (db: Db, filter: AuditFilter, page: number, pageSize: number) =>
  auditLogQuery(db, filter)
    .select<Array<AuditRow & { total: number }>>('l.*', 'u.email as actor_email', db.raw('count(*) over () as total'))
    .orderBy('l.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize);

export interface StatusTotal {
  status: string;
  count: number;
  sum: number;
}

/**
 * The admin dashboard's figures in cents: investors, deposits and withdrawals by status, the money
 * investors hold, and the returns falling due in the next 24 hours.
 */
export async function adminStats(db: Db, now: Date) {
  const byStatus = (table: string) =>
    db(table)
      .groupBy('status')
      .select<StatusTotal[]>(
        'status',
        db.raw('count(*)::int as count'),
        db.raw('coalesce(sum(amount_cents), 0)::bigint as sum'),
      );
  const [users, deposits, withdrawals, held, due] = await Promise.all([
    db('users').where({ role: 'investor' }).count<{ count: number }[]>('* as count').first(),
    byStatus('deposits'),
    byStatus('withdrawals'),
    investorMoneyTotal(db),
    db('investments')
      .where({ status: 'active' })
      .where('matures_at', '<=', new Date(now.getTime() + 86_400_000))
      .first<{ count: number; sum: number }>(
        db.raw('count(*)::int as count'),
        db.raw('coalesce(sum(expected_return_cents - amount_cents), 0)::bigint as sum'),
      ),
  ]);
  return { users, deposits, withdrawals, held, due };
}

/** Start of the UTC day `days - 1` days before `now`'s: the first day of a `days`-long window ending today. */
export const windowStart = (now: Date, days: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Confirmed deposits and paid withdrawals per UTC day (by the day the admin decided), every day of the
 * window present, empty days as zero; amounts in cents.
 */
export async function dailyMoneyFlows(db: Db, now: Date, days: number) {
  const from = windowStart(now, days);
  const perDay = (table: string, status: string) =>
    db(table)
      .where({ status })
      .where('decided_at', '>=', from)
      .groupByRaw("(decided_at at time zone 'UTC')::date")
      .select<{ day: string; count: number; cents: number }[]>(
        db.raw("to_char((decided_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day"),
        db.raw('count(*)::int as count'),
        db.raw('sum(amount_cents)::bigint as cents'),
      );
  const [deposits, withdrawals] = await Promise.all([perDay('deposits', 'confirmed'), perDay('withdrawals', 'paid')]);
  const byDay = (rows: { day: string; count: number; cents: number }[]) => new Map(rows.map((row) => [row.day, row]));
  const depositDays = byDay(deposits);
  const withdrawalDays = byDay(withdrawals);
  return Array.from({ length: days }, (_, index) => {
    const day = utcDay(new Date(from.getTime() + index * 86_400_000));
    const deposit = depositDays.get(day);
    const withdrawal = withdrawalDays.get(day);
    return {
      day,
      deposits: { count: Number(deposit?.count ?? 0), cents: Number(deposit?.cents ?? 0) },
      withdrawals: { count: Number(withdrawal?.count ?? 0), cents: Number(withdrawal?.cents ?? 0) },
    };
  });
}
