import { z } from 'zod';
import { auditActions } from './audit';
import { pageNumber, pageSize, pgInt, safeString } from './input-rules';

/** `?action=` (empty) means no filter, like a missing parameter. */
const optionalText = (max: number) =>
  safeString()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

export const auditLogFilterSchema = z.object({
  action: z
    .enum(auditActions)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Part of the acting admin's e-mail, case-insensitive. */
  actor: optionalText(254),
});

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  page: pageNumber,
  pageSize: pageSize(200, 50),
});

export const dailyActivityQuerySchema = z.object({
  days: pgInt(1, 90).default(30),
});

export const exportTables = ['users', 'receipts', 'withdrawals', 'messages', 'audit-log'] as const;
export type ExportTable = (typeof exportTables)[number];

export const userExportQuerySchema = z.object({ search: optionalText(100) });
export const receiptExportQuerySchema = z.object({
  status: z
    .enum(['pending', 'confirmed', 'rejected'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const withdrawalExportQuerySchema = z.object({
  status: z
    .enum(['pending', 'paid', 'rejected'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const messageExportQuerySchema = z.object({});
