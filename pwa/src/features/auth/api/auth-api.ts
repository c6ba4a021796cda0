import { apiPost } from '../../../lib/api-client';
import type { InvestorAccount } from '../../../../../api/contracts/answers';

// One function per endpoint of the accounts API; the session itself travels in the httpOnly cookie.

/** What POST /api/signin and /api/signup answer that the PWA keeps. */
export type SignedInAnswer = { user: InvestorAccount; referralLink: string };

export type SignInInput = { email: string; password: string; rememberMe: boolean; code?: string };
export const signIn = (input: SignInInput) => apiPost<SignedInAnswer>('signin', input);

export type SignUpInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  country: string;
  password: string;
  referralCode?: string;
};
/** `acceptedTermsVersion`: the version of the terms and risk disclosure the investor ticked the box for. */
export const signUp = (input: SignUpInput, acceptedTermsVersion: string) =>
  apiPost<SignedInAnswer>('signup', { ...input, acceptedTermsVersion });

type MessageAnswer = { message: string };

export const requestPasswordReset = (email: string) => apiPost<MessageAnswer>('reset-password', { email });

export const confirmPasswordReset = (token: string, newPassword: string) =>
  apiPost<MessageAnswer>('reset-password/confirm', { token, newPassword });

export const verifyEmail = (email: string, verificationCode: string) =>
  apiPost<MessageAnswer>('verify-email', { email, verificationCode });

export const resendVerification = (email: string) => apiPost<MessageAnswer>('verify-email/resend', { email });

/** The link mailed to an old address after an e-mail change: restores it and ends every session. */
export const restoreEmail = (token: string) => apiPost<MessageAnswer>('restore-email', { token });
