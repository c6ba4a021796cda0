import type { AdminChangePasswordInput } from '../../../../../api/contracts/admin';
import { apiPost } from '../../../lib/api-client';

/** POST /api/admin/add-admin: 201 'Admin added successfully' / 400 'Error adding admin' with field errors. */
export const addAdmin = (input: { email: string; password: string; name?: string }) =>
  apiPost<{ message: string }>('admin/add-admin', input);

/** POST /api/admin/reset-password: 200 'Password reset successfully' / 400 'Error resetting password'. */
export const resetUserPassword = (input: { email: string; newPassword: string }) =>
  apiPost<{ message: string }>('admin/reset-password', input);

/**
 * POST /api/admin/change-password: the signed-in admin's own password. 400 with `errors.currentPassword` for a wrong
 * current password, 401 about the two-factor code once enrolled; on success the admin's other sessions have ended.
 */
export const changeOwnPassword = (input: AdminChangePasswordInput) =>
  apiPost<{ message: string }>('admin/change-password', input);
