import { useSyncExternalStore } from 'react';

// The spec: "Login stores the adminId". The session token itself stays in the httpOnly cookie.
const ADMIN_ID_KEY = 'adminId';
const CHANGE_EVENT = 'admin-session-change';

export function readAdminId(): string | null {
  try {
    return localStorage.getItem(ADMIN_ID_KEY);
  } catch {
    return null;
  }
}

export function saveAdminId(adminId: string) {
  localStorage.setItem(ADMIN_ID_KEY, adminId);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAdminId() {
  try {
    localStorage.removeItem(ADMIN_ID_KEY);
  } catch {
    // Private mode: nothing was stored.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Another tab signing out ends this tab's admin view too.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored adminId, kept in step across tabs. */
export function useAdminId(): string | null {
  return useSyncExternalStore(subscribe, readAdminId, () => null);
}
