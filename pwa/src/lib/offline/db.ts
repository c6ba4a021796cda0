import Dexie, { type EntityTable } from 'dexie';

/** A translation namespace for one language, as last fetched. */
export type CachedTranslation = { key: string; data: Record<string, unknown>; savedAt: number };
/** Public data (plans, market prices) kept for offline browsing, with when it was fetched. */
export type CachedPublicData = { key: string; data: unknown; savedAt: number };

export type OutboxState = 'waiting' | 'uploading' | 'failed';
/** The form fields of POST /api/upload-receipt, as the investor submitted them. */
export type ReceiptFields = {
  email: string;
  amount: string;
  coin?: string;
  planId?: number;
  planName?: string;
  /** The plan's version on the page the deposit was made from: the server refuses it if the terms changed since. */
  planVersion?: number;
};
type OutboxRowState = {
  /** Also the Idempotency-Key of every attempt, so a replay never creates a second deposit or edit. */
  id: string;
  /** Lower-cased e-mail of the investor who submitted it: only that investor's session sends or sees it. */
  owner: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** The last failure's message and HTTP status (0: no answer). */
  lastError: string | null;
  lastStatus: number | null;
  /** Backoff: not tried again before this time (ms since epoch). */
  nextAttemptAt: number;
};
/**
 * A receipt upload not yet confirmed by the server (personal: cleared on sign-out). The file is kept as its
 * bytes: every browser (and fake-indexeddb in tests) stores an ArrayBuffer, while Blob support has varied.
 * Rows saved before profile edits were queued have no kind: they are receipts.
 */
export type ReceiptOutboxRow = OutboxRowState & {
  kind?: 'receipt';
  fields: ReceiptFields;
  /** The plan's name for the queue list when only its id is sent. */
  planLabel?: string;
  file: { name: string; type: string; size: number; bytes: ArrayBuffer };
};
export type ProfileTab = 'profile' | 'withdrawer';
/** A profile edit (PUT /api/update-profile) made offline: the changed fields of one tab, never a password. */
export type ProfileOutboxRow = OutboxRowState & { kind: 'profile'; tab: ProfileTab; changes: Record<string, string> };
export type OutboxRow = ReceiptOutboxRow | ProfileOutboxRow;
export const isProfileRow = (row: OutboxRow): row is ProfileOutboxRow => row.kind === 'profile';

/** The signed-in investor's last answers (profile, dashboard), for reading offline; cleared on sign-out. */
export type PersonalCopy = { key: string; data: unknown; savedAt: number };

export class PwaDatabase extends Dexie {
  translations!: EntityTable<CachedTranslation, 'key'>;
  publicData!: EntityTable<CachedPublicData, 'key'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  personal!: EntityTable<PersonalCopy, 'key'>;

  constructor() {
    super('mining-plans-pwa');
    this.version(1).stores({ translations: 'key, savedAt', publicData: 'key, savedAt' });
    this.version(2).stores({ outbox: 'id, owner, state, createdAt' });
    this.version(3).stores({ personal: 'key' });
  }
}

export const db = new PwaDatabase();

/** Reads a cached public record; any IndexedDB failure (private mode, quota) just means "no cache". */
export async function readPublicData<T>(key: string): Promise<{ data: T; savedAt: number } | undefined> {
  try {
    const row = await db.publicData.get(key);
    return row ? { data: row.data as T, savedAt: row.savedAt } : undefined;
  } catch {
    return undefined;
  }
}

/** Several records saved together, in one IndexedDB transaction. */
export async function writePublicDataEntries(
  entries: { key: string; data: unknown }[],
  savedAt = Date.now(),
): Promise<void> {
  try {
    await db.publicData.bulkPut(entries.map(({ key, data }) => ({ key, data, savedAt })));
  } catch {
    // Best effort, as for one record.
  }
}

export async function writePublicData(key: string, data: unknown, savedAt = Date.now()): Promise<void> {
  return writeCopy('publicData', key, data, savedAt);
}

/** A public record or a language's texts (its key `<language>/<namespace>`), kept for offline visits. */
export async function writeCopy(
  store: 'publicData' | 'translations',
  key: string,
  data: unknown,
  savedAt = Date.now(),
): Promise<void> {
  try {
    if (store === 'translations') await db.translations.put({ key, data: data as Record<string, unknown>, savedAt });
    else await db.publicData.put({ key, data, savedAt });
  } catch {
    // Caching is best effort: the page still works online without it.
  }
}
