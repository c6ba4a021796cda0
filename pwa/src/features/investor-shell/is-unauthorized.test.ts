import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isUnauthorized } from './is-unauthorized';
import { twoFactorProblem } from '../../lib/account-security/two-factor-problem';

describe('a 401 about the second factor', () => {
  it('is told apart from a lost session, so the page asks for the code instead of signing out', () => {
    const required = new ApiError(401, 'Two-factor code required');
    const invalid = new ApiError(401, 'Invalid two-factor code');
    const expired = new ApiError(401, 'Session expired or invalid');
    expect([twoFactorProblem(required), twoFactorProblem(invalid), twoFactorProblem(expired)]).toEqual([
      'required',
      'invalid',
      null,
    ]);
    expect([isUnauthorized(required), isUnauthorized(invalid), isUnauthorized(expired)]).toEqual([false, false, true]);
    expect(twoFactorProblem(new ApiError(400, 'Invalid two-factor code'))).toBeNull();
  });
});
