import type { AppDeps } from '../../app-deps';
import { auditLogQuerySchema, dailyActivityQuerySchema } from '../../contracts/admin-reports';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentAuditEntry, presentDailyFlows, presentStats } from './admin-reports.presenter';
import { createReportService } from './admin-reports.service';

export function registerAdminReportRoutes(api: ApiRouter, deps: AppDeps) {
  const reports = createReportService(deps);

  api.add('get', '/api/admin/stats', 'admin', async (ctx) => {
    ctx.body = presentStats(await reports.stats());
  });

  api.add('get', '/api/admin/stats/daily', 'admin', async (ctx) => {
    const { days } = parseOrThrow(dailyActivityQuerySchema, ctx.query);
    ctx.body = presentDailyFlows(await reports.dailyFlows(days));
  });

  api.add('get', '/api/admin/audit-log', 'admin', async (ctx) => {
    const { page, pageSize, action, actor } = parseOrThrow(auditLogQuerySchema, ctx.query);
    const rows = await reports.auditLog({ action, actor }, page, pageSize);
    ctx.body = { entries: rows.map(presentAuditEntry), total: Number(rows[0]?.total ?? 0), page, pageSize };
  });
}
