import type { Db } from '../../db/connect';

export interface AuditFilter { action?: string; actor?: string }

export interface AuditRow {
  id: number | string; actor_id: string | null; actor_email: string | null; action: string; subject_type: string;
  subject_id: string | null; before: unknown; after: unknown; created_at: Date;
}

/** The audit log filtered by action and by part of the actor's e-mail: the Audit Log page and its CSV. */
export function auditLogQuery(db: Db, { action, actor }: AuditFilter) {
  const query = db('audit_log as l').leftJoin('users as u', 'u.id', 'l.actor_id');
  if (action) query.where('l.action', action);
  if (actor) query.whereRaw('lower(u.email) like ?', [`%${actor.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`]);
  return query;
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
