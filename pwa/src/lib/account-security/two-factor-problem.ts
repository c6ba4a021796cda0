import { ApiError } from '../api-error';

/**
 * A 401 about the second factor (code missing or wrong) is not a lost session: the page asks for
 * the code instead of signing the person out.
 */
export function twoFactorProblem(error: unknown): 'required' | 'invalid' | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  if (error.message === 'Two-factor code required') return 'required';
  if (error.message === 'Invalid two-factor code') return 'invalid';
  return null;
}
