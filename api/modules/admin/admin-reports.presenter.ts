import type { AdminStats, AuditEntry, DailyFlows } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import type { adminStats, AuditRow, dailyMoneyFlows, StatusTotal } from './admin-reports.repo';

export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
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
export const presentDailyFlows = (days: Awaited<ReturnType<typeof dailyMoneyFlows>>): DailyFlows => ({
  days: days.map((day) => ({
    date: day.day,
    deposits: { count: day.deposits.count, amount: centsToDollars(day.deposits.cents) },
    withdrawals: { count: day.withdrawals.count, amount: centsToDollars(day.withdrawals.cents) },
  })),
});

const countAndSum = (rows: StatusTotal[], status: string) => {
  const row = rows.find((candidate) => candidate.status === status);
  return { count: Number(row?.count ?? 0), amount: centsToDollars(Number(row?.sum ?? 0)) };
};

export const presentStats = ({
  users,
  deposits,
  withdrawals,
  held,
  due,
}: Awaited<ReturnType<typeof adminStats>>): AdminStats => ({
  users: Number(users?.count ?? 0),
  deposits: { pending: countAndSum(deposits, 'pending'), confirmed: countAndSum(deposits, 'confirmed') },
  withdrawals: { pending: countAndSum(withdrawals, 'pending'), paid: countAndSum(withdrawals, 'paid') },
  fundsHeld: centsToDollars(held),
  returnsDueIn24h: { count: Number(due?.count ?? 0), amount: centsToDollars(Number(due?.sum ?? 0)) },
});
