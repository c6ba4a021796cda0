import { centsToDollars } from '../../contracts/money';
import type { AuditRow, dailyMoneyFlows } from './admin-reports.repo';

export const presentAuditEntry = (row: AuditRow) => ({
  id: Number(row.id),
  actor: row.actor_id ? { id: row.actor_id, email: row.actor_email } : null,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  before: row.before,
  after: row.after,
  createdAt: new Date(row.created_at).toISOString(),
});

/** `{days:[{date, deposits:{count, amount}, withdrawals:{count, amount}}]}`, oldest day first, dollars. */
export const presentDailyFlows = (days: Awaited<ReturnType<typeof dailyMoneyFlows>>) => ({
  days: days.map((day) => ({
    date: day.day,
    deposits: { count: day.deposits.count, amount: centsToDollars(day.deposits.cents) },
    withdrawals: { count: day.withdrawals.count, amount: centsToDollars(day.withdrawals.cents) },
  })),
});
