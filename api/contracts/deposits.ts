import { z } from 'zod';
import { intId, safeString } from './input-rules';
import { dollarsToCents } from './money';

export const minimumDepositCents = 5_000;
export const maxReceiptBytes = 10 * 1024 * 1024;
export const receiptTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const coinSchema = z.enum([
  'bitcoin',
  'ethereum',
  'tron',
  'dogecoin',
  'litecoin',
  'bnb',
  'cardano',
  'solana',
  'usdt',
  'shiba',
]);

export const uploadReceiptFields = z.object({
  email: safeString().trim().toLowerCase().min(1, 'Please provide both a file and an email'),
  amount: dollarsToCents.refine(
    (cents) => cents >= minimumDepositCents,
    'Please enter a valid deposit amount (minimum $50).',
  ),
  coin: z
    .preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), coinSchema)
    .optional(),
  planId: intId.optional(),
  planName: safeString().trim().max(50).optional(),
  /** The plan's version on the page the deposit was made from: 409 with the new terms when they changed since. */
  planVersion: intId.optional(),
});

export const idempotencyKeySchema = safeString().regex(
  /^[\w-]{8,100}$/,
  'Idempotency-Key must be 8-100 letters, digits, - or _',
);

export const decisionStatusSchema = z.object({
  status: z.enum(['pending', 'confirmed', 'rejected']).optional(),
});

export const rejectSchema = z.object({
  reason: safeString().trim().min(1, 'Give the investor a reason').max(500),
});
