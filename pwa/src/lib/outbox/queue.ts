import { db, isProfileRow, type OutboxRow, type ReceiptFields, type ReceiptOutboxRow } from '../offline/db';

export type { OutboxRow, ReceiptFields, ReceiptOutboxRow };

/** Owners are compared as the server compares e-mails: trimmed and lower-cased. */
export const normalizeOwner = (email: string) => email.trim().toLowerCase();

type NewReceipt = { id: string; owner: string; fields: ReceiptFields; planLabel?: string; file: File; now?: number };

/**
 * Writes the submission to IndexedDB before anything is sent, so a dropped connection or a closed tab
 * loses nothing. The same id again (the investor pressed Upload twice) keeps the row it already has.
 */
export async function saveReceipt({
  id,
  owner,
  fields,
  planLabel,
  file,
  now = Date.now(),
}: NewReceipt): Promise<ReceiptOutboxRow> {
  const bytes = await file.arrayBuffer();
  const row: ReceiptOutboxRow = {
    id,
    owner: normalizeOwner(owner),
    fields,
    ...(planLabel ? { planLabel } : {}),
    file: { name: file.name, type: file.type, size: file.size, bytes },
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
  };
  return db.transaction('rw', db.outbox, async () => {
    const existing = await db.outbox.get(id);
    if (existing) return existing as ReceiptOutboxRow;
    await db.outbox.add(row);
    return row;
  });
}

/** The investor's rows, oldest first (the order they are sent in). */
export async function outboxRowsFor(owner: string): Promise<OutboxRow[]> {
  return db.outbox.where('owner').equals(normalizeOwner(owner)).sortBy('createdAt');
}

/** Retry: a failed or backed-off row is due again now. An upload in progress is left alone. */
export async function markForRetry(id: string) {
  await db.outbox
    .where('id')
    .equals(id)
    .and((row) => row.state !== 'uploading')
    .modify({ state: 'waiting', nextAttemptAt: 0 });
}

/** The connection came back: everything waiting for this investor is due now, whatever its backoff. */
export async function makeWaitingDue(owner: string) {
  await db.outbox
    .where('owner')
    .equals(normalizeOwner(owner))
    .and((row) => row.state === 'waiting')
    .modify({ nextAttemptAt: 0 });
}

/** Remove: the investor gives up on this receipt. Not while it is on its way (the server may already have it). */
export async function removeOutboxRow(id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || row.state === 'uploading') return false;
    await db.outbox.delete(id);
    return true;
  });
}

export type OutboxCounts = { receipts: number; profileEdits: number };

/** Every row on this device, whoever owns it, by kind: what sign-out would delete. */
export async function countOutboxRows(): Promise<OutboxCounts> {
  try {
    // One snapshot, so a row sent meanwhile is not counted as the wrong kind.
    return await db.transaction('r', db.outbox, async () => {
      const [all, profileEdits] = await Promise.all([db.outbox.count(), db.outbox.filter(isProfileRow).count()]);
      return { receipts: all - profileEdits, profileEdits };
    });
  } catch {
    return { receipts: 0, profileEdits: 0 };
  }
}

export async function clearOutbox() {
  await db.outbox.clear();
}

/** The stored bytes as the File the upload sends. */
export const rowFile = (row: ReceiptOutboxRow) => new File([row.file.bytes], row.file.name, { type: row.file.type });
