import { ApiError } from '../../lib/api-client';
import { twoFactorProblem } from '../../lib/account-security/two-factor-problem';

/**
 * True when the API says the session is missing or expired (the investor layout then goes to /sign-in); a 401 asking
 * for a two-factor code is not that.
 */
export const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && twoFactorProblem(error) === null;
