import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { db } from './db';
import { fetchWithOfflineCopy } from './public-copy';

describe('fetchWithOfflineCopy', () => {
  beforeEach(async () => {
    await db.publicData.clear();
    vi.useRealTimers();
  });

  it('returns fresh data and saves it with the time it was fetched', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-05-01T10:00:00Z'), toFake: ['Date'] });
    const result = await fetchWithOfflineCopy('plans', async () => ({ plans: [1, 2] }));
    expect(result).toEqual({ data: { plans: [1, 2] }, savedAt: Date.parse('2026-05-01T10:00:00Z'), fromDevice: false });
    await vi.waitFor(async () => expect(await db.publicData.get('plans')).toMatchObject({ data: { plans: [1, 2] } }));
  });

  it('falls back to the saved copy, marked as such with its age, when the network fails', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-05-01T10:00:00Z'), toFake: ['Date'] });
    await fetchWithOfflineCopy('plans', async () => ({ plans: [1] }));
    await vi.waitFor(async () => expect(await db.publicData.get('plans')).toBeDefined());
    vi.setSystemTime(Date.parse('2026-05-03T10:00:00Z'));
    const result = await fetchWithOfflineCopy('plans', async () => {
      throw new ApiError(0, 'Failed to fetch');
    });
    expect(result).toEqual({ data: { plans: [1] }, savedAt: Date.parse('2026-05-01T10:00:00Z'), fromDevice: true });
  });

  it('passes the error on when there is no saved copy', async () => {
    await expect(
      fetchWithOfflineCopy('market', async () => {
        throw new ApiError(503, 'Service unavailable');
      }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('keeps separate copies per key', async () => {
    await fetchWithOfflineCopy('a', async () => 'first');
    await fetchWithOfflineCopy('b', async () => 'second');
    await vi.waitFor(async () => expect(await db.publicData.count()).toBe(2));
    const offline = async (): Promise<string> => {
      throw new ApiError(0, 'offline');
    };
    expect((await fetchWithOfflineCopy('a', offline)).data).toBe('first');
    expect((await fetchWithOfflineCopy('b', offline)).data).toBe('second');
  });
});
