import { useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';
import { useOnline } from '../hooks/use-online';

// The signed-in investor's last answers, kept in the Dexie 'personal' table (cleared on sign-out, never in the
// service worker's cache) so the dashboard and profile open offline, labelled with the copy's time.
// Dexie is imported on first use: public pages never load it for this.

const servedFromDevice = new Map<string, number>();
const listeners = new Set<() => void>();
const note = (key: string, savedAt: number | null) => {
  if ((servedFromDevice.get(key) ?? null) === savedAt) return;
  if (savedAt === null) servedFromDevice.delete(key);
  else servedFromDevice.set(key, savedAt);
  listeners.forEach((listener) => listener());
};

/** No answer at all, or the server failing: the saved copy is better than nothing. A 401 or 403 is not. */
const canUseCopy = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** Fetches, keeps the answer on the device, and answers with the saved copy when the server cannot be reached. */
export async function fetchWithPersonalCopy<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const { db } = await import('./db');
  try {
    const data = await fetcher();
    await db.personal.put({ key, data, savedAt: Date.now() }).catch(() => undefined);
    note(key, null);
    return data;
  } catch (error) {
    if (!canUseCopy(error)) throw error;
    const saved = await db.personal.get(key).catch(() => undefined);
    if (!saved) throw error;
    note(key, saved.savedAt);
    return saved.data as T;
  }
}

/** The same for public data (plans): the shared table, kept after sign-out. */
export async function fetchWithPublicCopy<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const { readPublicData, writePublicData } = await import('./db');
  try {
    const data = await fetcher();
    await writePublicData(key, data);
    note(key, null);
    return data;
  } catch (error) {
    if (!canUseCopy(error)) throw error;
    const saved = await readPublicData<T>(key);
    if (!saved) throw error;
    note(key, saved.savedAt);
    return saved.data;
  }
}

/** Keeps several public records at once (one IndexedDB transaction), e.g. every plan of a list fetched just now. */
export async function keepPublicCopies(entries: { key: string; data: unknown }[]): Promise<void> {
  const { writePublicDataEntries } = await import('./db');
  await writePublicDataEntries(entries);
}

/** When the copy shown under `key` was saved, if it came from the device rather than the network just now. */
export function useSavedCopyTime(key: string): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => servedFromDevice.get(key) ?? null,
    () => null,
  );
}

/** True while any page data shown came from the device because the server could not be reached. */
export function useShowingSavedCopies(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => servedFromDevice.size > 0,
    () => false,
  );
}

/** Sign-out: no label of the last investor's copies stays in memory. */
export function forgetSavedCopyTimes() {
  servedFromDevice.clear();
  listeners.forEach((listener) => listener());
}

/** Whether the server answers: the browser may say online while it is out of reach, and the saved copies on screen tell. */
export function useServerReachable(): boolean {
  const browserOnline = useOnline();
  const showingSavedCopies = useShowingSavedCopies();
  return browserOnline && !showingSavedCopies;
}
