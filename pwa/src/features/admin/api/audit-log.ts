import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type AuditEntry = {
  id: number;
  actor: { id: string; email: string | null } | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

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
