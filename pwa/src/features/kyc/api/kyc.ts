import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycStatusAnswer, KycSubmissionSummary } from '../../../../../api/contracts/kyc';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';

export type { KycStatusAnswer };

export const kycKeys = { status: ['investor', 'kyc'] as const };

/** GET /api/kyc: the investor's level, limits and latest submission. */
export const kycStatusQuery = () =>
  queryOptions({ queryKey: kycKeys.status, queryFn: () => apiGet<KycStatusAnswer>('kyc') });

export const useKycStatus = () => useQuery(kycStatusQuery());

/**
 * POST /api/kyc (multipart). The Idempotency-Key is kept by the form for one submission, so sending again after a
 * lost answer applies once.
 */
export const submitKyc = (form: FormData, idempotencyKey: string) =>
  apiRequest<{ message: string; submission: KycSubmissionSummary }>('kyc', {
    method: 'post',
    body: form,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeout: 120_000,
  });

/** POST /api/verify-email/resend: the verification e-mail sent again. */
export const resendVerification = (email: string) => apiPost<{ message: string }>('verify-email/resend', { email });
