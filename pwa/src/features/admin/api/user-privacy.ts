import { apiPost } from '../../../lib/api-client';

/** Where the admin downloads an investor's data export (the admin's session cookie goes along). */
export const userExportUrl = (id: string, format: 'json' | 'zip') =>
  `/api/admin/users/${encodeURIComponent(id)}/export${format === 'zip' ? '?format=zip' : ''}`;

/** POST /api/admin/users/:id/erase: irreversible; 409 with a `reason` while money is in flight or held. */
export const eraseUser = (id: string) => apiPost<{ erased: true }>(`admin/users/${encodeURIComponent(id)}/erase`);
