import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminProfile = { email: string; name: string | null };

/** POST /api/admin/login: 401 'Invalid email or password' (investors included), 429 when rate limited. */
export const adminLogin = (email: string, password: string, code?: string) =>
  apiPost<{ message: string; adminId: string; twoFactorEnrollmentRequired?: boolean }>('admin/login', {
    email,
    password,
    ...(code && { code }),
  });

/** POST /api/signout: the server revokes the session and clears the cookie. */
export const signOutOnServer = () => apiPost<unknown>('signout');

/** GET /api/admin/me/:adminId: also the shell's session check (401/403/404 → sign in again). */
export const adminMeQuery = (adminId: string) =>
  queryOptions({
    queryKey: adminKeys.me(adminId),
    queryFn: async () => (await apiGet<{ admin: AdminProfile }>(`admin/me/${encodeURIComponent(adminId)}`)).admin,
  });

/** Asks only once an adminId is stored. */
export const useAdminMe = (adminId: string | null) =>
  useQuery({ ...adminMeQuery(adminId ?? ''), enabled: adminId !== null });
