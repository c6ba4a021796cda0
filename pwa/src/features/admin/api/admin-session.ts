import { createLocalStore } from '../../../lib/session-store';

// The spec: "Login stores the adminId", kept like the investor's session. The session token stays in the httpOnly cookie.
const store = createLocalStore<string>({
  keys: ['adminId'],
  changeEvent: 'admin-session-change',
  parse: ([adminId]) => adminId ?? null,
  serialise: (adminId) => [adminId],
});

export const readAdminId = store.read;
export const saveAdminId = store.save;
export const clearAdminId = store.clear;
/** The stored adminId, kept in step across tabs. */
export const useAdminId = store.useValue;
