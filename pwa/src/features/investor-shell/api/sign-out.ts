import { apiPost } from '../../../lib/api-client';

// No query or mutation hook: sign-out runs once, inside useSignOut's own sequence (server, then this device).

/** POST /api/signout: ends the session on the server and clears its cookie. */
export const signOutOnServer = () => apiPost('signout');
