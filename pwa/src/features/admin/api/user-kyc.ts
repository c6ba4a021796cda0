import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserKyc } from '../../../../../api/contracts/kyc';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users/:id/kyc: the investor's identity level and latest submission. */
export const userKycQuery = (userId: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(userId), 'kyc'],
    queryFn: () => apiGet<AdminUserKyc>(`admin/users/${encodeURIComponent(userId)}/kyc`),
  });

export const useUserKyc = (userId: string) => useQuery(userKycQuery(userId));
