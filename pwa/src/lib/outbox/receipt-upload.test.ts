import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { classifyFailure } from './receipt-upload';

describe('classifyFailure', () => {
  it('keeps a row whose session ended for the next sign-in', () => {
    expect(classifyFailure(new ApiError(401, 'Unauthorized')).kind).toBe('unauthorized');
  });

  it('stops on a two-factor 401: only the investor can give the code, no replay can', () => {
    expect(classifyFailure(new ApiError(401, 'Two-factor code required')).kind).toBe('permanent');
    expect(classifyFailure(new ApiError(401, 'Invalid two-factor code'))).toEqual({
      kind: 'permanent',
      status: 401,
      message: 'Invalid two-factor code',
    });
  });

  it('retries what may pass and gives up on what will be refused again', () => {
    for (const status of [0, 408, 409, 429, 500, 503])
      expect(classifyFailure(new ApiError(status, 'x')).kind).toBe('transient');
    for (const status of [400, 413, 415, 422])
      expect(classifyFailure(new ApiError(status, 'x')).kind).toBe('permanent');
  });

  it('gives up on a 409 naming a plan (retired, or its terms changed): a replay would be refused again', () => {
    const changed = new ApiError(409, 'This plan is no longer offered', {}, undefined, { plan: { id: 4 } });
    expect(classifyFailure(changed).kind).toBe('permanent');
  });
});
