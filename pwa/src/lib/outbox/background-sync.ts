import { ApiError } from '../api-client';
import { makeWaitingDue, normalizeOwner, outboxRowsFor, rowFile } from './queue';
import { createOutboxDrainer, type DrainerDeps } from './drainer';
import type { UploadAnswer } from './receipt-upload';
import { isProfileRow } from '../offline/db';
import { saveConfirmedProfile, sendProfileEdit, type ProfileAnswer } from './profile-edit';

/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'receipt-outbox';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Page side: asks the service worker to replay the outbox once the browser is online, even if every tab of
 * the site is closed by then. Browsers without Background Sync (or without a service worker) rely on the
 * page's own replay.
 */
export function requestBackgroundSync() {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

/** The upload as a service worker can do it: fetch (no progress events there), same fields and key. */
export function fetchSender(fetchFn: typeof fetch): DrainerDeps['send'] {
  return async (row, _onProgress, signal) => {
    if (isProfileRow(row)) return sendProfileEdit(fetchFn, row, signal);
    const form = new FormData();
    form.append('email', row.fields.email);
    form.append('amount', row.fields.amount);
    if (row.fields.coin) form.append('coin', row.fields.coin);
    if (row.fields.planId !== undefined) form.append('planId', String(row.fields.planId));
    else if (row.fields.planName) form.append('planName', row.fields.planName);
    if (row.fields.planVersion !== undefined) form.append('planVersion', String(row.fields.planVersion));
    form.append('receipt', rowFile(row));
    let response: Response;
    try {
      response = await fetchFn('/api/upload-receipt', {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        signal,
        headers: { 'Idempotency-Key': row.id, Accept: 'application/json' },
      });
    } catch {
      throw new ApiError(0, 'No response from server');
    }
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    if (!response.ok)
      throw new ApiError(
        response.status,
        typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
        {},
        undefined,
        body as Record<string, unknown>,
      );
    return body as UploadAnswer;
  };
}

type ReplayDeps = { fetch: typeof fetch; locks?: DrainerDeps['locks']; onSent?: (id: string) => void };

/** What the service worker tells open pages after it sent a row (they show it as uploaded). */
export const SENT_MESSAGE = 'outbox-sent';
export type SentMessage = { type: typeof SENT_MESSAGE; id: string };

/**
 * Service worker side of a 'sync' event: whose session the cookie holds (GET /api/userdata), then one pass over
 * that investor's waiting rows, under the same lock as the pages. 'retry' asks the browser to fire the event
 * again later (its own backoff); rows of another investor, or any row without a session, wait for a sign-in.
 */
export async function replayFromServiceWorker({
  fetch: fetchFn,
  locks = null,
  onSent,
}: ReplayDeps): Promise<'done' | 'retry'> {
  let owner: string;
  try {
    const answer = await fetchFn('/api/userdata', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (answer.status === 401) return 'done';
    if (!answer.ok) return 'retry';
    owner = normalizeOwner(((await answer.json()) as { userData: { email: string } }).userData.email);
  } catch {
    return 'retry';
  }
  // The browser decided the connection is back: whatever the page's backoff said, now is the time.
  await makeWaitingDue(owner);
  const drainer = createOutboxDrainer({
    send: fetchSender(fetchFn),
    getOwner: () => owner,
    isOnline: () => true,
    locks,
    onSent: (row, answer) => {
      if (isProfileRow(row)) void saveConfirmedProfile((answer as ProfileAnswer).user);
      onSent?.(row.id);
    },
    // No timers in a service worker (it may be stopped at any moment): the browser's sync retry replaces them.
    setTimer: () => null,
    clearTimer: () => undefined,
  });
  await drainer.drain();
  return (await outboxRowsFor(owner)).some((row) => row.state === 'waiting') ? 'retry' : 'done';
}
