import { ApiError } from '../api-client';
import { db, type ProfileOutboxRow, type ProfileTab } from '../offline/db';
import type { InvestorProfile } from '../../../../api/contracts/answers';
import { normalizeOwner } from './queue';
import { PROFILE_COPY } from '../offline/copy-keys';

export type ProfileAnswer = { message: string; user: InvestorProfile };

type NewProfileEdit = { id: string; owner: string; tab: ProfileTab; changes: Record<string, string>; now?: number };

/**
 * Queues a profile edit: the device's copy of the profile takes the new values and the outbox gets the edit,
 * in one IndexedDB transaction, so a reload shows what the investor typed and the edit is sent exactly once
 * (its id is the Idempotency-Key). Never called with a password: an e-mail change is not queued.
 */
export async function queueProfileEdit({
  id,
  owner,
  tab,
  changes,
  now = Date.now(),
}: NewProfileEdit): Promise<ProfileOutboxRow> {
  const row: ProfileOutboxRow = {
    id,
    owner: normalizeOwner(owner),
    kind: 'profile',
    tab,
    changes,
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
  };
  return db.transaction('rw', db.outbox, db.personal, async () => {
    const existing = await db.outbox.get(id);
    if (existing) return existing as ProfileOutboxRow;
    const copy = await db.personal.get(PROFILE_COPY);
    if (copy) await db.personal.put({ ...copy, data: { ...(copy.data as InvestorProfile), ...changes } });
    await db.outbox.add(row);
    return row;
  });
}

/** After the server confirmed an edit: its answer is the device's copy of the profile now. */
export async function saveConfirmedProfile(user: InvestorProfile, savedAt = Date.now()) {
  await db.personal.put({ key: PROFILE_COPY, data: user, savedAt }).catch(() => undefined);
}

/**
 * PUT /api/update-profile with the edit's id as Idempotency-Key, by fetch so the service worker can send it
 * too. A replay after a lost answer gets the first answer back from the server and changes nothing again.
 */
export async function sendProfileEdit(
  fetchFn: typeof fetch,
  { id, changes }: Pick<ProfileOutboxRow, 'id' | 'changes'>,
  signal?: AbortSignal,
): Promise<ProfileAnswer> {
  let response: Response;
  try {
    response = await fetchFn('/api/update-profile', {
      method: 'PUT',
      body: JSON.stringify(changes),
      credentials: 'same-origin',
      signal,
      headers: { 'Idempotency-Key': id, 'Content-Type': 'application/json', Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'No response from server');
  }
  const body = (await response.json().catch(() => ({}))) as { message?: unknown; errors?: unknown };
  if (!response.ok) {
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    // The field messages say what to fix; the row shows them as its reason.
    const detail = Object.values(errors).join(' ');
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    // The whole answer goes along: a field beside `message` (a refused address's `code`) tells the form what to say.
    throw new ApiError(
      response.status,
      detail ? `${message}: ${detail}` : message,
      errors,
      undefined,
      body as Record<string, unknown>,
    );
  }
  return body as ProfileAnswer;
}
