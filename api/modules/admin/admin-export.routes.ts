import type { Middleware, ParameterizedContext } from 'koa';
import type { ZodType } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  auditLogFilterSchema,
  messageExportQuerySchema,
  receiptExportQuerySchema,
  userExportQuerySchema,
  withdrawalExportQuerySchema,
  type ExportTable,
} from '../../contracts/admin-reports';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import type { AppState } from '../../lib/app-state';
import { sendCsv } from './admin-export.presenter';
import { exportQueries, type CsvTable } from './admin-export.repo';
import { createExportService } from './admin-export.service';

/**
 * GET /api/admin/export/<table>?<the list's filter>: the whole filtered table as CSV, streamed in batches.
 */
export function registerAdminExportRoutes(api: ApiRouter, deps: AppDeps) {
  const { db } = deps;
  const exports = createExportService(deps);
  const exportRoute =
    <T extends Record<string, unknown>>(
      table: ExportTable,
      schema: ZodType<T>,
      build: (filter: T) => CsvTable,
    ): Middleware<AppState> =>
    async (ctx: ParameterizedContext<AppState>) => {
      const filter = parseOrThrow(schema, ctx.query);
      const fileName = await exports.start(ctx.state.auth!.userId, table, filter);
      sendCsv(ctx, fileName, build(filter));
    };

  api.add(
    'get',
    '/api/admin/export/users',
    'admin',
    exportRoute('users', userExportQuerySchema, (filter) => exportQueries.users(db, filter)),
  );
  api.add(
    'get',
    '/api/admin/export/receipts',
    'admin',
    exportRoute('receipts', receiptExportQuerySchema, (filter) => exportQueries.receipts(db, filter)),
  );
  api.add(
    'get',
    '/api/admin/export/withdrawals',
    'admin',
    exportRoute('withdrawals', withdrawalExportQuerySchema, (filter) => exportQueries.withdrawals(db, filter)),
  );
  api.add(
    'get',
    '/api/admin/export/messages',
    'admin',
    exportRoute('messages', messageExportQuerySchema, () => exportQueries.messages(db)),
  );
  api.add(
    'get',
    '/api/admin/export/audit-log',
    'admin',
    exportRoute('audit-log', auditLogFilterSchema, (filter) => exportQueries.auditLog(db, filter)),
  );
}
