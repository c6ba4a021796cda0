import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../offline/db';
import { saveReceipt } from './queue';
import { replayFromServiceWorker, requestBackgroundSync, SYNC_TAG } from './background-sync';

const owner = 'ada@example.com';
const deposit = {
  id: 'd1',
  amount: 150,
  coin: null,
  planName: null,
  status: 'pending',
  createdAt: '2026-01-01T00:00:00Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const save = (id: string, who = owner) =>
  saveReceipt({
    id,
    owner: who,
    fields: { email: who, amount: '150', coin: 'bitcoin' },
    file: new File(['%PDF-1.4'], `${id}.pdf`, { type: 'application/pdf' }),
  });

/** The API as the service worker sees it: who the cookie belongs to, and the upload's answers in turn. */
function fakeServer(
  uploadReplies: Array<Response | 'network-down'>,
  session: Response = json(200, { userData: { email: 'Ada@example.com' } }),
) {
  const uploads: Array<{ key: string; fields: Record<string, string> }> = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/userdata') return session;
    const headers = new Headers(init?.headers);
    const form = init?.body as FormData;
    uploads.push({
      key: headers.get('Idempotency-Key') ?? '',
      fields: Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
    });
    const reply = uploadReplies.shift() ?? json(500, { message: 'unexpected' });
    if (reply === 'network-down') throw new TypeError('Failed to fetch');
    return reply;
  });
  return { fetch: fetchFn as unknown as typeof fetch, uploads };
}

beforeEach(() => db.outbox.clear());
afterEach(() => vi.restoreAllMocks());

describe('Background Sync replay in the service worker', () => {
  it("sends the cookie owner's rows with their Idempotency-Key, even if the page had backed off, and deletes them", async () => {
    await save('mine');
    await db.outbox.update('mine', { attempts: 2, nextAttemptAt: Date.now() + 60_000 });
    await save('theirs', 'bob@example.com');
    const server = fakeServer([json(201, { message: 'Receipt uploaded successfully', deposit })]);
    const onSent = vi.fn();
    expect(await replayFromServiceWorker({ fetch: server.fetch, onSent })).toBe('done');
    expect(onSent).toHaveBeenCalledWith('mine');
    expect(server.uploads).toEqual([
      { key: 'mine', fields: { email: owner, amount: '150', coin: 'bitcoin', receipt: 'mine.pdf' } },
    ]);
    expect(await db.outbox.get('mine')).toBeUndefined();
    expect(await db.outbox.get('theirs')).toBeDefined();
  });

  it.each([
    ['no answer', 'network-down' as const],
    ['a server error', json(503, { message: 'Storage unavailable' })],
  ])('keeps the row waiting after %s and asks the browser to sync again', async (_name, reply) => {
    await save('mine');
    const server = fakeServer([reply]);
    expect(await replayFromServiceWorker({ fetch: server.fetch })).toBe('retry');
    expect(await db.outbox.get('mine')).toMatchObject({ state: 'waiting', attempts: 1 });
  });

  it('marks a refused receipt failed with the message, for the investor to see', async () => {
    await save('mine');
    const server = fakeServer([json(413, { message: 'The receipt must be at most 10 MB' })]);
    expect(await replayFromServiceWorker({ fetch: server.fetch })).toBe('done');
    expect(await db.outbox.get('mine')).toMatchObject({
      state: 'failed',
      lastError: 'The receipt must be at most 10 MB',
      lastStatus: 413,
    });
  });

  it('sends nothing without a session: the rows wait for the investor to sign in', async () => {
    await save('mine');
    const server = fakeServer([], json(401, { message: 'Session expired or invalid' }));
    expect(await replayFromServiceWorker({ fetch: server.fetch })).toBe('done');
    expect(server.uploads).toEqual([]);
    expect(await db.outbox.get('mine')).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('the page registers the sync tag with the service worker', async () => {
    const register = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ sync: { register } }) },
    });
    try {
      requestBackgroundSync();
      await vi.waitFor(() => expect(register).toHaveBeenCalledWith(SYNC_TAG));
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
