import { z } from 'zod';
import { safeString } from './input-rules';
import { twoFactorCodeRule } from './two-factor';

/** GET /api/me/export and /api/admin/users/:id/export: one JSON file, or (`format=zip`) data.json and a CSV per table. */
export const dataExportQuerySchema = z.object({ format: z.enum(['json', 'zip']).default('json') });

/** POST /api/me/erase: the investor's password and, when two-factor is on, a code. */
export const eraseMyAccountSchema = z.object({
  password: safeString().min(1, 'Enter your password').max(200),
  code: twoFactorCodeRule.optional(),
});

/** The tables of the data export's ZIP, one CSV each (data.json holds them all). */
export const dataExportTables = [
  'profile',
  'sessions',
  'devices',
  'payout_addresses',
  'deposits',
  'quotes',
  'payments',
  'investments',
  'withdrawals',
  'ledger_entries',
  'referrals',
  'notifications',
  'notification_preferences',
  'push_subscriptions',
  'kyc',
  'terms',
  'consents',
  'contact_messages',
] as const;
export type DataExportTable = (typeof dataExportTables)[number];

/** Why an erasure is refused (409): money still moving, or money still held. */
export type ErasureRefusal = 'money_in_flight' | 'balance_above_zero';
