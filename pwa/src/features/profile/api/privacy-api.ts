import { apiPost } from '../../../lib/api-client';

/** Where "Download my data" points: the JSON file, or a ZIP of it with one CSV per table (the session cookie goes along). */
export const dataExportUrl = (format: 'json' | 'zip') => `/api/me/export${format === 'zip' ? '?format=zip' : ''}`;

/** POST /api/me/erase: irreversible; 409 with a `reason` while money is in flight or a balance is above zero. */
export const eraseMyAccount = (input: { password: string; code?: string }) =>
  apiPost<{ erased: true }>('me/erase', input);
