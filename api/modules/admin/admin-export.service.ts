import type { AppDeps } from '../../app-deps';
import type { ExportTable } from '../../contracts/admin-reports';
import { recordAudit } from '../audit/audit.api';
import { exportQueries } from './admin-export.repo';
import type { AuditFilter } from './admin-reports.repo';

export type { CsvTable } from './admin-export.repo';

/**
 * An export is an admin action (personal data leaves the system), so each one is recorded in the audit log
 * before any row is sent.
 */
export function createExportService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** Records the export and answers its file name: the table, the filter's values and the day. */
    async start(actorId: string, table: ExportTable, filter: Record<string, unknown>) {
      const now = clock.now();
      await recordAudit(db, {
        actorId,
        action: 'export.csv',
        subjectType: 'export',
        subjectId: table,
        after: { table, filter },
        at: now,
      });
      const suffix = Object.values(filter)
        .filter(Boolean)
        .map((value) => String(value).replace(/[^\w.@-]+/g, '_'))
        .join('-');
      return `${table}${suffix ? `-${suffix}` : ''}-${now.toISOString().slice(0, 10)}.csv`;
    },

    /** Each table with its list's filter; the rows are read batch by batch while the CSV is sent. */
    tables: {
      users: (filter: { search?: string }) => exportQueries.users(db, filter),
      receipts: (filter: { status?: string }) => exportQueries.receipts(db, filter),
      withdrawals: (filter: { status?: string }) => exportQueries.withdrawals(db, filter),
      messages: () => exportQueries.messages(db),
      auditLog: (filter: AuditFilter) => exportQueries.auditLog(db, filter),
    },
  };
}
