import { readPublicData, writePublicData } from './db';

/** Data plus where it came from: the network just now, or the copy this device saved earlier. */
export type WithOfflineCopy<T> = { data: T; savedAt: number; fromDevice: boolean };

/**
 * Fetches public data and keeps a copy in Dexie; when the fetch fails (offline, server down),
 * returns the saved copy instead, so a returning visitor can still browse, labelled with its age.
 */
export async function fetchWithOfflineCopy<T>(key: string, fetcher: () => Promise<T>): Promise<WithOfflineCopy<T>> {
  try {
    const data = await fetcher();
    const savedAt = Date.now();
    await writePublicData(key, data, savedAt);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    const saved = await readPublicData<T>(key);
    if (saved) return { data: saved.data, savedAt: saved.savedAt, fromDevice: true };
    throw error;
  }
}
