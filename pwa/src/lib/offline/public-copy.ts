/** Data plus where it came from: the network just now, or the copy this device saved earlier. */
export type WithOfflineCopy<T> = { data: T; savedAt: number; fromDevice: boolean };

// Dexie (about 30 KB gzipped) loads with the first copy read or written, after the first render, not with the landing.
const publicDataStore = () => import('./db');

/** The copy saved on this device, if any; a store that cannot load (private mode, no chunk offline) means none. */
export function readPublicCopy<T>(key: string) {
  return publicDataStore().then(
    (store) => store.readPublicData<T>(key),
    () => undefined,
  );
}

export function writePublicCopy(key: string, data: unknown, savedAt = Date.now()): Promise<void> {
  return publicDataStore().then(
    (store) => store.writePublicData(key, data, savedAt),
    () => undefined,
  );
}

/**
 * Fetches public data and keeps a copy in Dexie; when the fetch fails (offline, server down),
 * returns the saved copy instead, so a returning visitor can still browse, labelled with its age.
 */
export async function fetchWithOfflineCopy<T>(key: string, fetcher: () => Promise<T>): Promise<WithOfflineCopy<T>> {
  try {
    const data = await fetcher();
    const savedAt = Date.now();
    await writePublicCopy(key, data, savedAt);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    const saved = await readPublicCopy<T>(key);
    if (saved) return { data: saved.data, savedAt: saved.savedAt, fromDevice: true };
    throw error;
  }
}
