import Dexie, { type EntityTable } from 'dexie';

/** A translation namespace for one language, as last fetched. */
export type CachedTranslation = { key: string; data: Record<string, unknown>; savedAt: number };
/** Public data (plans, market prices) kept for offline browsing, with when it was fetched. */
export type CachedPublicData = { key: string; data: unknown; savedAt: number };

export class PwaDatabase extends Dexie {
  translations!: EntityTable<CachedTranslation, 'key'>;
  publicData!: EntityTable<CachedPublicData, 'key'>;

  constructor() {
    super('mining-plans-pwa');
    this.version(1).stores({ translations: 'key, savedAt', publicData: 'key, savedAt' });
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
