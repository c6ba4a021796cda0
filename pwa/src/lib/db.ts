import Dexie, { type EntityTable } from 'dexie';

/** A translation namespace for one language, as last fetched. */
export type CachedTranslation = { key: string; data: Record<string, unknown>; savedAt: number };
/** Public data (plans, market prices) kept for offline browsing, with when it was fetched. */
export type CachedPublicData = { key: string; data: unknown; savedAt: number };

export type OutboxState = 'waiting' | 'uploading' | 'failed';
/** The form fields of POST /api/upload-receipt, as the investor submitted them. */
export type ReceiptFields = { email: string; amount: string; coin?: string; planId?: number; planName?: string };
/**
 * A receipt upload not yet confirmed by the server (personal: cleared on sign-out). The file is kept as its
 * bytes: every browser (and fake-indexeddb in tests) stores an ArrayBuffer, while Blob support has varied.
 */
export type OutboxRow = {
  /** Also the Idempotency-Key of every attempt, so a replay never creates a second deposit. */
  id: string;
  /** Lower-cased e-mail of the investor who submitted it: only that investor's session sends or sees it. */
  owner: string;
  fields: ReceiptFields;
  /** The plan's name for the queue list when only its id is sent. */
  planLabel?: string;
  file: { name: string; type: string; size: number; bytes: ArrayBuffer };
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** The last failure's message and HTTP status (0: no answer). */
  lastError: string | null;
  lastStatus: number | null;
  /** Backoff: not tried again before this time (ms since epoch). */
  nextAttemptAt: number;
};

export class PwaDatabase extends Dexie {
  translations!: EntityTable<CachedTranslation, 'key'>;
  publicData!: EntityTable<CachedPublicData, 'key'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  constructor() {
    super('mining-plans-pwa');
    this.version(1).stores({ translations: 'key, savedAt', publicData: 'key, savedAt' });
    this.version(2).stores({ outbox: 'id, owner, state, createdAt' });
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

export async function writePublicData(key: string, data: unknown, savedAt = Date.now()): Promise<void> {
  try {
    await db.publicData.put({ key, data, savedAt });
  } catch {
    // Caching is best effort: the page still works online without it.
  }
}
