import { z } from 'zod';
import { twoFactorCodeRule } from './two-factor';
import { pageNumber, pageSize, safeString } from './input-rules';
import { emailRule, passwordRule } from './accounts';
import { decisionStatusSchema } from './deposits';
import { withdrawalStatusSchema } from './investments';

export const adminLoginSchema = z.object({
  email: safeString().trim().toLowerCase().max(254),
  password: safeString().max(200),
  /** The authenticator or recovery code, once this admin has two-factor enabled. */
  code: twoFactorCodeRule.optional(),
});

export const addAdminSchema = z.object({
  email: emailRule,
  password: passwordRule,
  name: safeString().trim().max(100).optional(),
});

export const adminResetPasswordSchema = z.object({
  email: emailRule,
  newPassword: passwordRule,
});

/** POST /api/admin/users/:id/reset-password: the investor's new password, set by the admin from their page. */
export const adminSetPasswordSchema = z.object({
  newPassword: passwordRule,
});

/** POST /api/admin/change-password: the signed-in admin's own new password, the current one and, once enrolled, a code. */
export const adminChangePasswordSchema = z.object({
  currentPassword: safeString().min(1, 'Enter your current password').max(200),
  newPassword: passwordRule,
  code: twoFactorCodeRule.optional(),
});
export type AdminChangePasswordInput = z.infer<typeof adminChangePasswordSchema>;

export const userListQuerySchema = z.object({
  page: pageNumber,
  pageSize: pageSize(100, 20),
  search: safeString().trim().max(100).optional(),
});

/** Receipts and withdrawals are sorted by when they came in or by how much they are for. */
export const adminListSorts = ['date', 'amount'] as const;
export type AdminListSort = (typeof adminListSorts)[number];

/** `?page=&pageSize=&sort=date|amount&order=desc|asc` of the admin's money lists; newest first by default. */
const adminListPaging = {
  page: pageNumber,
  pageSize: pageSize(100, 25),
  sort: z.enum(adminListSorts, { error: 'sort must be date or amount' }).default('date'),
  order: z.enum(['desc', 'asc'], { error: 'order must be desc or asc' }).default('desc'),
};

export const receiptListQuerySchema = decisionStatusSchema.extend(adminListPaging);
export const withdrawalListQuerySchema = withdrawalStatusSchema.extend(adminListPaging);
export type AdminListQuery = z.infer<typeof receiptListQuerySchema> | z.infer<typeof withdrawalListQuerySchema>;
