import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AuditEntry } from '../../../../../api/contracts/answers';

export type { AuditEntry };

export const AUDIT_PAGE_SIZE = 25;

export type AuditFilter = { action: string; actor: string };

/** The filter as query parameters, empty ones left out (shared with the CSV export). */
export const auditFilterParams = ({ action, actor }: AuditFilter) => ({
  action: action || undefined,
  actor: actor || undefined,
});

/** GET /api/admin/audit-log: every admin action, newest first, filtered by action and actor e-mail. */
export const auditLogQuery = (page: number, filter: AuditFilter = { action: '', actor: '' }) =>
  queryOptions({
    queryKey: [...adminKeys.auditLog, page, filter],
    queryFn: () => {
      const searchParams: Record<string, string | number> = { page, pageSize: AUDIT_PAGE_SIZE };
      for (const [key, value] of Object.entries(auditFilterParams(filter))) if (value) searchParams[key] = value;
      return apiGet<{ entries: AuditEntry[]; total: number }>('admin/audit-log', { searchParams });
    },
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number, filter?: AuditFilter) => useQuery(auditLogQuery(page, filter));
