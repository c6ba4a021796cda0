import { z } from 'zod';
import { emailRule, passwordRule } from './accounts';

export const adminLoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
});

export const addAdminSchema = z.object({
  email: emailRule,
  password: passwordRule,
  name: z.string().trim().max(100).optional(),
});

export const adminResetPasswordSchema = z.object({
  email: emailRule,
  newPassword: passwordRule,
});

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
