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

/** Where a copy goes: public data (plans, prices, config) or a language's texts (i18n/translation-cache-backend.ts). */
export type CopyStore = 'publicData' | 'translations';

/** What the page asks the service worker to save (sw.ts). */
export const SAVE_PUBLIC_COPY = 'SAVE_PUBLIC_COPY';
export type SavePublicCopyMessage = {
  type: typeof SAVE_PUBLIC_COPY;
  store: CopyStore;
  key: string;
  data: unknown;
  savedAt: number;
};

export function isSavePublicCopyMessage(message: unknown): message is SavePublicCopyMessage {
  const candidate = message as Partial<SavePublicCopyMessage> | null;
  return (
    candidate?.type === SAVE_PUBLIC_COPY &&
    (candidate.store === 'publicData' || candidate.store === 'translations') &&
    typeof candidate.key === 'string' &&
    typeof candidate.savedAt === 'number' &&
    'data' in candidate
  );
}

// A service worker that has not taken control by then is not coming (registration failed, blocked): the page saves.
const WAIT_FOR_WORKER_MS = 60_000;

/** The service worker controlling the page, once one does (the first install takes control); null without one. */
function controllingWorker(): Promise<ServiceWorker | null> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return Promise.resolve(null);
  if (container.controller) return Promise.resolve(container.controller);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), WAIT_FOR_WORKER_MS);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(container.controller);
      },
      { once: true },
    );
  });
}

/**
 * Saves a copy for offline visits. The service worker writes it: it has Dexie loaded already, while the page
 * would fetch Dexie (about 30 KB gzipped) and open the database on the landing's first load, a long task on a phone.
 * Without a service worker the page writes it itself.
 */
export async function writePublicCopy(
  key: string,
  data: unknown,
  savedAt = Date.now(),
  store: CopyStore = 'publicData',
): Promise<void> {
  const worker = await controllingWorker();
  if (worker) {
    worker.postMessage({ type: SAVE_PUBLIC_COPY, store, key, data, savedAt } satisfies SavePublicCopyMessage);
    return;
  }
  return publicDataStore().then(
    (database) => database.writeCopy(store, key, data, savedAt),
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
    // Not awaited: the answer shows now, whenever the copy is written.
    void writePublicCopy(key, data, savedAt);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    const saved = await readPublicCopy<T>(key);
    if (saved) return { data: saved.data, savedAt: saved.savedAt, fromDevice: true };
    throw error;
  }
}
