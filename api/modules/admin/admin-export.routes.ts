import { Readable } from 'node:stream';
import type { Middleware, ParameterizedContext } from 'koa';
import type { ZodType } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  auditLogFilterSchema, messageExportQuerySchema, receiptExportQuerySchema, userExportQuerySchema, withdrawalExportQuerySchema,
  type ExportTable,
} from '../../contracts/admin-reports';
import { csvBom, csvRow } from '../../lib/csv';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import type { AppState } from '../../middleware/authenticate';
import { recordAudit } from '../audit/audit.repo';
import { exportQueries, type CsvTable } from './admin-export.repo';

async function* csvLines(table: CsvTable) {
  yield csvBom + csvRow(table.header);
  for await (const cells of table.rows) yield csvRow(cells);
}

/**
 * GET /api/admin/export/<table>?<the list's filter>: the whole filtered table as CSV, streamed in batches.
 * The export is an admin action (personal data leaves the system), so it is recorded in the audit log.
 */
export function registerAdminExportRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  const exportRoute = <T extends Record<string, unknown>>(table: ExportTable, schema: ZodType<T>, build: (filter: T) => CsvTable): Middleware<AppState> =>
    async (ctx: ParameterizedContext<AppState>) => {
      const filter = parseOrThrow(schema, ctx.query);
      const now = clock.now();
      await recordAudit(db, {
        actorId: ctx.state.auth!.userId, action: 'export.csv', subjectType: 'export', subjectId: table, after: { table, filter }, at: now,
      });
      const suffix = Object.values(filter).filter(Boolean).map((value) => String(value).replace(/[^\w.@-]+/g, '_')).join('-');
      const fileName = `${table}${suffix ? `-${suffix}` : ''}-${now.toISOString().slice(0, 10)}.csv`;
      ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = Readable.from(csvLines(build(filter)));
    };

  api.add('get', '/api/admin/export/users', 'admin', exportRoute('users', userExportQuerySchema, (filter) => exportQueries.users(db, filter)));
  api.add('get', '/api/admin/export/receipts', 'admin', exportRoute('receipts', receiptExportQuerySchema, (filter) => exportQueries.receipts(db, filter)));
  api.add('get', '/api/admin/export/withdrawals', 'admin',
    exportRoute('withdrawals', withdrawalExportQuerySchema, (filter) => exportQueries.withdrawals(db, filter)));
  api.add('get', '/api/admin/export/messages', 'admin', exportRoute('messages', messageExportQuerySchema, () => exportQueries.messages(db)));
  api.add('get', '/api/admin/export/audit-log', 'admin', exportRoute('audit-log', auditLogFilterSchema, (filter) => exportQueries.auditLog(db, filter)));
}
