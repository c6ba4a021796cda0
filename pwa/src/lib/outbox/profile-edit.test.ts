import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type ProfileOutboxRow } from '../offline/db';
import { outboxRowsFor } from './queue';
import { createOutboxDrainer } from './drainer';
import { queueProfileEdit, sendProfileEdit } from './profile-edit';
import { fetchSender } from './background-sync';

const owner = 'ada@example.com';
const profile = { firstName: 'Ada', bankName: null, email: owner };

beforeEach(async () => {
  await Promise.all([db.outbox.clear(), db.personal.clear()]);
});

describe('profile edits in the outbox', () => {
  it('are queued with the device copy of the profile changed in the same transaction; the same id keeps the first row', async () => {
    await db.personal.put({ key: 'profile', data: profile, savedAt: 1 });
    await queueProfileEdit({
      id: 'edit-0001',
      owner: ' Ada@Example.com',
      tab: 'withdrawer',
      changes: { bankName: 'Harbour Bank' },
      now: 5,
    });
    await queueProfileEdit({ id: 'edit-0001', owner, tab: 'withdrawer', changes: { bankName: 'Other' }, now: 6 });
    expect(await outboxRowsFor(owner)).toEqual([
      expect.objectContaining({
        id: 'edit-0001',
        kind: 'profile',
        owner,
        tab: 'withdrawer',
        changes: { bankName: 'Harbour Bank' },
        state: 'waiting',
        attempts: 0,
        createdAt: 5,
      }),
    ]);
    expect((await db.personal.get('profile'))?.data).toEqual({ ...profile, bankName: 'Harbour Bank' });
  });

  it('nothing is written when the transaction fails: neither the copy nor the row', async () => {
    await db.personal.put({ key: 'profile', data: profile, savedAt: 1 });
    const add = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(
      queueProfileEdit({ id: 'edit-0002', owner, tab: 'profile', changes: { firstName: 'Augusta' } }),
    ).rejects.toThrow('QuotaExceededError');
    add.mockRestore();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.personal.get('profile'))?.data).toEqual(profile);
  });

  it('are sent as PUT /api/update-profile with the row id as Idempotency-Key, by the page and by the service worker alike', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ message: 'Profile updated', user: { ...profile, bankName: 'Harbour Bank' } }), {
          status: 200,
        }),
    );
    await queueProfileEdit({ id: 'edit-0003', owner, tab: 'withdrawer', changes: { bankName: 'Harbour Bank' } });
    const drainer = createOutboxDrainer({
      send: fetchSender(fetchMock),
      getOwner: () => owner,
      isOnline: () => true,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    await drainer.drain();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/update-profile');
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ bankName: 'Harbour Bank' }) });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBe('edit-0003');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refusal keeps the row as failed with the server’s field messages as the reason', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            message: 'Please correct the highlighted fields',
            errors: { bitcoinAddress: 'Enter a valid Bitcoin address' },
          }),
          { status: 400 },
        ),
    );
    await queueProfileEdit({ id: 'edit-0004', owner, tab: 'withdrawer', changes: { bitcoinAddress: 'nope' } });
    const drainer = createOutboxDrainer({
      send: fetchSender(fetchMock),
      getOwner: () => owner,
      isOnline: () => true,
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    await drainer.drain();
    expect(await db.outbox.get('edit-0004')).toMatchObject({
      state: 'failed',
      lastStatus: 400,
      lastError: 'Please correct the highlighted fields: Enter a valid Bitcoin address',
    } satisfies Partial<ProfileOutboxRow>);
  });

  it('no answer at all is a network failure (status 0), retried later', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(sendProfileEdit(failing, { id: 'edit-0005', changes: {} })).rejects.toMatchObject({ status: 0 });
  });
});
