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
import { createExportService, type CsvTable } from './admin-export.service';

/**
 * GET /api/admin/export/<table>?<the list's filter>: the whole filtered table as CSV, streamed in batches.
 */
export function registerAdminExportRoutes(api: ApiRouter, deps: AppDeps) {
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
    exportRoute('users', userExportQuerySchema, (filter) => exports.tables.users(filter)),
  );
  api.add(
    'get',
    '/api/admin/export/receipts',
    'admin',
    exportRoute('receipts', receiptExportQuerySchema, (filter) => exports.tables.receipts(filter)),
  );
  api.add(
    'get',
    '/api/admin/export/withdrawals',
    'admin',
    exportRoute('withdrawals', withdrawalExportQuerySchema, (filter) => exports.tables.withdrawals(filter)),
  );
  api.add(
    'get',
    '/api/admin/export/messages',
    'admin',
    exportRoute('messages', messageExportQuerySchema, () => exports.tables.messages()),
  );
  api.add(
    'get',
    '/api/admin/export/audit-log',
    'admin',
    exportRoute('audit-log', auditLogFilterSchema, (filter) => exports.tables.auditLog(filter)),
  );
}
