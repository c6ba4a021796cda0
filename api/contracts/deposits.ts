import { z } from 'zod';
import { hasForbiddenCharacters, intId, safeString } from './input-rules';

export const minimumDepositCents = 5_000;
/**
 * The most one deposit may be: $1,000,000. Above it a slip of the keyboard (a zero too many) is far likelier than a
 * payment, and an administrator checks each receipt by hand against the wallet; a larger sum comes as several
 * deposits. No plan's terms depend on it (the top plan has no maximum of its own).
 */
export const maximumDepositCents = 100_000_000;

/** The rules a deposit amount must meet, in the order they are checked; each failure has its own message. */
export type DepositAmountRule = 'format' | 'decimals' | 'minimum' | 'maximum';

export const depositAmountMessages: Record<DepositAmountRule, string> = {
  format: 'Enter the amount in dollars, e.g. 150 or 150.25.',
  decimals: 'Enter the amount with at most two decimals (cents), e.g. 150.25.',
  // The spec's own message for an amount below the minimum.
  minimum: 'Please enter a valid deposit amount (minimum $50).',
  maximum: 'One deposit can be at most $1,000,000.',
};

const plainAmount = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A deposit amount (a number or numeric text) to integer cents without floating-point arithmetic, or the first rule
 * it breaks: not a plain number, more than two decimals, below the minimum, above the maximum.
 */
export function readDepositAmount(value: unknown): { cents: number } | { rule: DepositAmountRule } {
  if (typeof value !== 'number' && typeof value !== 'string') return { rule: 'format' };
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = hasForbiddenCharacters(text) ? null : plainAmount.exec(text);
  if (!match) return { rule: 'format' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { rule: 'decimals' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  // Beyond nine digits of dollars it is over the maximum whatever they are, and kept clear of float precision.
  if (!sign && digits.length > 9) return { rule: 'maximum' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (sign || cents < minimumDepositCents) return { rule: 'minimum' };
  if (cents > maximumDepositCents) return { rule: 'maximum' };
  return { cents };
}

/** A deposit amount as the API takes it (receipts and on-chain quotes): integer cents, or the broken rule's message. */
export const depositAmount = z.unknown().transform((value, ctx) => {
  const read = readDepositAmount(value);
  if ('cents' in read) return read.cents;
  ctx.addIssue({ code: 'custom', message: depositAmountMessages[read.rule] });
  return z.NEVER;
});
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
  amount: depositAmount,
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
