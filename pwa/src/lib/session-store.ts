import { useSyncExternalStore } from 'react';
import type { InvestorAccount } from '../../../api/contracts/answers';

type LocalStoreOptions<T> = {
  /** The localStorage keys that together hold the value; saved and cleared together. */
  keys: readonly string[];
  /** Tells this tab's components of a change ('storage' only reaches the other tabs). */
  changeEvent: string;
  /** The value from the stored strings (in the order of keys), or null when nothing usable is stored. */
  parse: (stored: (string | null)[]) => T | null;
  /** The strings to store, in the order of keys. */
  serialise: (value: T) => string[];
};

// Here rather than in a file of its own: the admin id (features/admin/api/admin-session.ts) uses it too, and one more
// shared chunk would add its name to the preload map the landing downloads (pwa/build/first-load-budget.test.ts).
/** A small value kept in localStorage (who is signed in), read, saved, cleared and watched across tabs. */
export function createLocalStore<T>({ keys, changeEvent, parse, serialise }: LocalStoreOptions<T>) {
  const rawValues = () => keys.map((key) => localStorage.getItem(key));

  function read(): T | null {
    try {
      return parse(rawValues());
    } catch {
      // Private mode, or a damaged value: nobody is stored.
      return null;
    }
  }

  function save(value: T) {
    serialise(value).forEach((text, index) => localStorage.setItem(keys[index]!, text));
    window.dispatchEvent(new Event(changeEvent));
  }

  function clear() {
    try {
      keys.forEach((key) => localStorage.removeItem(key));
    } catch {
      // Private mode: nothing was stored.
    }
    window.dispatchEvent(new Event(changeEvent));
  }

  function subscribe(onChange: () => void) {
    window.addEventListener(changeEvent, onChange);
    // Another tab signing in or out changes this tab's view too.
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener(changeEvent, onChange);
      window.removeEventListener('storage', onChange);
    };
  }

  // useSyncExternalStore needs a stable snapshot: compare the raw strings, not parsed objects.
  let lastRaw: string | null = null;
  let lastValue: T | null = null;
  function snapshot(): T | null {
    let raw: string;
    try {
      raw = JSON.stringify(rawValues());
    } catch {
      return null;
    }
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastValue = read();
    }
    return lastValue;
  }

  /** The stored value, updated in every tab when it changes. */
  function useValue(): T | null {
    return useSyncExternalStore(subscribe, snapshot, () => null);
  }

  return { read, save, clear, useValue };
}

/**
 * What the PWA keeps about the signed-in person; the session token itself stays in an httpOnly cookie. The user is
 * the sign-in answer's, partial: it is read back from localStorage, which an older version of the app wrote.
 */
export type StoredSession = {
  user: Record<string, unknown> & Partial<InvestorAccount>;
  referralLink: string;
};

const store = createLocalStore<StoredSession>({
  keys: ['user', 'referralLink'],
  changeEvent: 'session-change',
  parse: ([user, referralLink]) =>
    user ? { user: JSON.parse(user) as StoredSession['user'], referralLink: referralLink ?? '' } : null,
  serialise: (session) => [JSON.stringify(session.user), session.referralLink],
});

export const readSession = store.read;
export const saveSession = store.save;
export const clearSession = store.clear;
/** The stored session, updated in every tab when someone signs in or out. */
export const useSession = store.useValue;
