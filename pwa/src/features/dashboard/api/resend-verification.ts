import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

type ResendAnswer = { message: string; expiresInMinutes: number };

/**
 * POST /api/verify-email/resend: a new code to the investor's address, the one before no longer valid. The server
 * allows 3 in 15 minutes per address and client; past that it answers 429 with Retry-After.
 */
export const resendVerificationCode = (email: string) => apiPost<ResendAnswer>('verify-email/resend', { email });

export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });
