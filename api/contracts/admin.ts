import { z } from 'zod';
import { twoFactorCodeRule } from './two-factor';
import { pageNumber, pageSize, safeString } from './input-rules';
import { emailRule, passwordRule } from './accounts';

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

export const userListQuerySchema = z.object({
  page: pageNumber,
  pageSize: pageSize(100, 20),
  search: safeString().trim().max(100).optional(),
});
