import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminKycPage, AdminKycSubmission, KycImageField } from '../../../../../api/contracts/kyc';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type { AdminKycSubmission };

export const kycStatuses = ['pending', 'approved', 'rejected', 'all'] as const;
export type KycFilter = (typeof kycStatuses)[number];

export const KYC_PAGE_SIZE = 25;

/** GET /api/admin/kyc?status=&page=&pageSize=: the pending queue oldest first, decided ones newest first. */
export const kycSubmissionsQuery = (filter: KycFilter, page = 1) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'kyc', filter, page],
    queryFn: () =>
      apiGet<AdminKycPage>('admin/kyc', {
        searchParams: {
          ...(filter === 'all' ? {} : { status: filter }),
          page: String(page),
          pageSize: String(KYC_PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useKycSubmissions = (filter: KycFilter, page: number) => useQuery(kycSubmissionsQuery(filter, page));

/** An identity image, served to admins only, sandboxed (the session cookie authenticates the <img>). */
export const kycDocumentUrl = (id: string, field: KycImageField) =>
  `/api/admin/kyc/${encodeURIComponent(id)}/documents/${field}`;

/** POST /api/admin/kyc/:id/approve: 409 when another admin decided first. */
export const approveKyc = (id: string) => apiPost<{ message: string }>(`admin/kyc/${encodeURIComponent(id)}/approve`);

/** POST /api/admin/kyc/:id/reject {reason}: the reason the investor reads (3 to 500 characters). */
export const rejectKyc = (id: string, reason: string) =>
  apiPost<{ message: string }>(`admin/kyc/${encodeURIComponent(id)}/reject`, { reason });
