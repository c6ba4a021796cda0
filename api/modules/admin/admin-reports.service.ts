import type { AppDeps } from '../../app-deps';
import { adminStats, auditLogPage, dailyMoneyFlows, type AuditFilter } from './admin-reports.repo';

/** The admin desk's reports: its dashboard's figures, the money flows day by day and the audit log. */
export function createReportService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    stats: () => adminStats(db, clock.now()),

    /** Confirmed deposits and paid withdrawals of each of the last `days` UTC days, today included. */
    dailyFlows: (days: number) => dailyMoneyFlows(db, clock.now(), days),

    /** One page of the filtered audit log, newest first, each row with the filtered total. */
    auditLog: (filter: AuditFilter, page: number, pageSize: number) => auditLogPage(db, filter, page, pageSize),
  };
}
