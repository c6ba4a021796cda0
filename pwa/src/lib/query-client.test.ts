import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('offline, a write is tried at once and fails with no connection instead of waiting to fire later', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn<(input: undefined) => Promise<never>>().mockRejectedValue(new ApiError(0, 'Failed to fetch'));
    const observer = new MutationObserver(createQueryClient(), { mutationFn: send });
    const outcome = observer.mutate(undefined).catch((error: unknown) => error);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), { timeout: 500 });
    expect(await outcome).toMatchObject({ status: 0 });
    expect(send).toHaveBeenCalledOnce();
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });
});
