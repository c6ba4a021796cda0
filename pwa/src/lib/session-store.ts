import { useSyncExternalStore } from 'react';

/** What the PWA keeps about the signed-in person; the session token itself stays in an httpOnly cookie. */
export type StoredSession = { user: Record<string, unknown> & { email?: string; firstName?: string; lastName?: string }; referralLink: string };

const USER_KEY = 'user';
const REFERRAL_LINK_KEY = 'referralLink';
const CHANGE_EVENT = 'session-change';

export function readSession(): StoredSession | null {
  try {
    const user = localStorage.getItem(USER_KEY);
    if (!user) return null;
    return { user: JSON.parse(user) as StoredSession['user'], referralLink: localStorage.getItem(REFERRAL_LINK_KEY) ?? '' };
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession) {
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  localStorage.setItem(REFERRAL_LINK_KEY, session.referralLink);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSession() {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(REFERRAL_LINK_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

// useSyncExternalStore needs a stable snapshot: compare the raw strings, not parsed objects.
let lastRaw: string | null = null;
let lastSession: StoredSession | null = null;
function snapshot(): StoredSession | null {
  const raw = `${localStorage.getItem(USER_KEY) ?? ''}\n${localStorage.getItem(REFERRAL_LINK_KEY) ?? ''}`;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastSession = readSession();
  }
  return lastSession;
}

/** The stored session, updated in every tab when someone signs in or out. */
export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
