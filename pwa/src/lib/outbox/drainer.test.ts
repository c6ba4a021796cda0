import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { db, type ReceiptOutboxRow } from '../offline/db';
import { saveReceipt } from './queue';
import { backoffDelay, createOutboxDrainer, type DrainerDeps } from './drainer';
import type { UploadAnswer } from './receipt-upload';

const owner = 'ada@example.com';
const answer: UploadAnswer = {
  message: 'Receipt uploaded successfully',
  deposit: {
    id: 'd1',
    amount: 150,
    coin: 'bitcoin',
    planName: null,
    status: 'pending',
    createdAt: '2026-01-01T00:00:00Z',
  },
};
const png = (name = 'receipt.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const save = (id: string, createdAt: number, who = owner) =>
  saveReceipt({
    id,
    owner: who,
    fields: { email: who, amount: '150', coin: 'bitcoin' },
    file: png(`${id}.png`),
    now: createdAt,
  });

/** A drainer on a fake clock: timers are recorded, not run, so a test moves time itself. */
function setup(overrides: Partial<DrainerDeps> = {}) {
  let clock = 1_000_000;
  const timers: Array<{ run: () => void; ms: number }> = [];
  const send = vi.fn<DrainerDeps['send']>(async () => answer);
  const onSent = vi.fn();
  const drainer = createOutboxDrainer({
    send,
    getOwner: () => owner,
    isOnline: () => true,
    now: () => clock,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    onSent,
    ...overrides,
  });
  return {
    drainer,
    send,
    onSent,
    timers,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

beforeEach(() => db.outbox.clear());
let stopLast: ((options?: { abandonUpload?: boolean }) => void) | undefined;
afterEach(() => stopLast?.({ abandonUpload: true }));

describe('outbox drainer', () => {
  it('sends the stored row and deletes it only after the server confirmed', async () => {
    const { drainer, send, onSent } = setup();
    stopLast = drainer.stop;
    await save('key-1', 1);
    send.mockImplementationOnce(async (row) => {
      // Written before anything is sent, and marked as on its way meanwhile.
      expect(await db.outbox.get(row.id)).toMatchObject({ state: 'uploading', attempts: 1 });
      expect(new Uint8Array((row as ReceiptOutboxRow).file.bytes)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      return answer;
    });
    await drainer.drain();
    expect(send).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 'key-1' }), answer);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['no response', new ApiError(0, 'No response from server')],
    ['a server error', new ApiError(503, 'Storage unavailable')],
    ['a timeout', new ApiError(408, 'Request Timeout')],
    ['a rate limit', new ApiError(429, 'Too many requests')],
    // The server is still applying an earlier attempt with the same key: the next try gets its answer.
    [
      'an attempt still being processed',
      new ApiError(409, 'This request is still being processed, please try again shortly'),
    ],
  ])('keeps the row waiting after %s, with the reason and a 2 s backoff', async (_name, error) => {
    const { drainer, send, timers, now } = setup();
    stopLast = drainer.stop;
    await save('key-1', 1);
    send.mockRejectedValueOnce(error);
    await drainer.drain();
    expect(await db.outbox.get('key-1')).toMatchObject({
      state: 'waiting',
      attempts: 1,
      lastError: error.message,
      lastStatus: error.status,
      nextAttemptAt: now() + 2_000,
    });
    expect(timers.map((timer) => timer.ms)).toEqual([2_000]);
  });

  it.each([
    [400, 'The amount must be within the plan range'],
    [413, 'The receipt must be at most 10 MB'],
    [415, 'The receipt must be a PDF, JPEG or PNG file'],
  ])('marks the row failed on %i with the server message and goes on with the next one', async (status, message) => {
    const { drainer, send } = setup();
    stopLast = drainer.stop;
    await save('refused', 1);
    await save('fine', 2);
    send.mockRejectedValueOnce(new ApiError(status, message));
    await drainer.drain();
    expect(await db.outbox.get('refused')).toMatchObject({ state: 'failed', lastError: message, lastStatus: status });
    expect(await db.outbox.get('fine')).toBeUndefined();
    expect(send.mock.calls.map(([row]) => row.id)).toEqual(['refused', 'fine']);
  });

  it('deletes a refused row when the form it came from shows the reason, and keeps it failed for any other', async () => {
    const onRefused = vi.fn<NonNullable<DrainerDeps['onRefused']>>((row) => row.id === 'on-the-form');
    const { drainer, send } = setup({ onRefused });
    stopLast = drainer.stop;
    await save('on-the-form', 1);
    await save('from-before', 2);
    send.mockRejectedValue(new ApiError(415, 'The receipt must be a PDF, JPEG or PNG file'));
    await drainer.drain();
    expect(onRefused.mock.calls).toEqual([
      [
        expect.objectContaining({ id: 'on-the-form' }),
        { status: 415, message: 'The receipt must be a PDF, JPEG or PNG file' },
      ],
      [
        expect.objectContaining({ id: 'from-before' }),
        { status: 415, message: 'The receipt must be a PDF, JPEG or PNG file' },
      ],
    ]);
    expect(await db.outbox.get('on-the-form')).toBeUndefined();
    expect(await db.outbox.get('from-before')).toMatchObject({ state: 'failed', lastStatus: 415 });
  });

  it('replays with the same id (the Idempotency-Key) and backs off 2 s, 4 s, 8 s between failures', async () => {
    const { drainer, send, timers, advance } = setup();
    stopLast = drainer.stop;
    await save('key-1', 1);
    send
      .mockRejectedValueOnce(new ApiError(0, 'offline'))
      .mockRejectedValueOnce(new ApiError(502, 'Bad gateway'))
      .mockRejectedValueOnce(new ApiError(0, 'offline'));
    await drainer.drain();
    // Before the backoff has passed, another trigger sends nothing.
    await drainer.drain();
    expect(send).toHaveBeenCalledTimes(1);
    for (const delay of [2_000, 4_000, 8_000]) {
      expect(timers.at(-1)!.ms).toBe(delay);
      advance(delay);
      timers.at(-1)!.run();
      await vi.waitFor(() => expect(send.mock.calls.length).toBe(delay === 8_000 ? 4 : delay === 4_000 ? 3 : 2));
      await drainer.drain();
    }
    expect(new Set(send.mock.calls.map(([row]) => row.id))).toEqual(new Set(['key-1']));
    expect(await db.outbox.count()).toBe(0);
  });

  it('caps the backoff at one minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('sends nothing and sets no timer while offline (asking for Background Sync); the online trigger sends it', async () => {
    let online = false;
    const onWaiting = vi.fn();
    const { drainer, send, timers } = setup({ isOnline: () => online, onWaiting });
    stopLast = drainer.stop;
    await save('key-1', 1);
    await drainer.drain();
    expect(send).not.toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(await db.outbox.get('key-1')).toMatchObject({ state: 'waiting', attempts: 0 });
    online = true;
    await drainer.drain();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends only the signed-in investor's rows, oldest first", async () => {
    const { drainer, send } = setup();
    stopLast = drainer.stop;
    await save('second', 20);
    await save('first', 10);
    await save('someone-else', 5, 'bob@example.com');
    await drainer.drain();
    expect(send.mock.calls.map(([row]) => row.id)).toEqual(['first', 'second']);
    expect(await db.outbox.get('someone-else')).toMatchObject({ state: 'waiting' });
  });

  it('keeps the row on 401 and tells the page, which checks the session', async () => {
    const onUnauthorized = vi.fn();
    const { drainer, send } = setup({ onUnauthorized });
    stopLast = drainer.stop;
    await save('key-1', 1);
    send.mockRejectedValueOnce(new ApiError(401, 'Session expired or invalid'));
    await drainer.drain();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(await db.outbox.get('key-1')).toMatchObject({ state: 'waiting', lastStatus: 401 });
  });

  it('puts a row left "uploading" by a closed tab back in the queue and sends it', async () => {
    const { drainer, send } = setup();
    stopLast = drainer.stop;
    await save('key-1', 1);
    await db.outbox.update('key-1', { state: 'uploading', attempts: 1 });
    await drainer.drain();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toMatchObject({ attempts: 2 });
  });
});
