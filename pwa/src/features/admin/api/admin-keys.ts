import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';

/** Every admin query lives under this key, so one invalidation refreshes the panel after an action. */
export const adminKeys = {
  all: ['admin'] as const,
  me: (adminId: string) => ['admin', 'me', adminId] as const,
  stats: ['admin', 'stats'] as const,
  daily: ['admin', 'stats', 'daily'] as const,
  count: ['admin', 'count'] as const,
  users: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  receipts: ['admin', 'receipts'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  messages: ['admin', 'messages'] as const,
  auditLog: ['admin', 'audit-log'] as const,
};

/** After a decision the lists, the figures and the audit log all change. */
export const invalidateAdminData = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: adminKeys.all });

export const hasStatus = (error: unknown, ...statuses: number[]) =>
  error instanceof ApiError && statuses.includes(error.status);

/** A lost admin session; a 401 asking for a two-factor code is not one. */
export const isSessionLost = (error: unknown) => hasStatus(error, 401) && twoFactorProblem(error) === null;

/** A page of an admin list, as the API answers it. */
export type Paged = { total: number; page: number; pageSize: number };
