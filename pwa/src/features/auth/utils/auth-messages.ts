import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

// Server catalogue messages (English, word for word) → our translated texts.

const signUpCatalogue: Record<string, string> = {
  'Email is already registered': 'signUp.errors.emailTaken',
  'All fields are required': 'signUp.errors.allRequired',
  'Invalid referral code': 'signUp.errors.invalidReferral',
  'Referral limit reached': 'signUp.errors.referralLimit',
  // Said beside the fields themselves.
  'Please correct the highlighted fields': 'signUp.errors.fields',
};

const knownServerMessages: Record<string, string> = {
  'Please fill in all fields': 'signIn.fillAll',
  'Invalid email or password': 'signIn.invalidCredentials',
  'Invalid or expired verification code': 'verifyEmail.invalidCode',
  'Invalid or expired reset link': 'updatePassword.expired',
  'Email address is not valid': 'common.emailInvalid',
};

/** Sign-up: the spec's four catalogue texts, anything else the generic sign-up error. */
export function signUpErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  const key = error instanceof ApiError && error.status === 400 ? signUpCatalogue[error.message] : undefined;
  if (key) return t(key);
  if (error instanceof ApiError && error.status === 429) return t('common.tooManyAttempts');
  return t('signUp.errors.generic');
}

/** Other forms: the server's own message (translated when we know it); thrown errors the generic text. */
export function serverErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('common.genericError');
  if (error.status === 429) return t('common.tooManyAttempts');
  const key = knownServerMessages[error.message];
  return key ? t(key) : error.message;
}

/** Per-field messages from a 400 answer (`errors: {field: message}`), empty otherwise. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.status === 400 ? error.errors : {};

/** The spec's simple e-mail pattern: text, @, text, dot, text. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
