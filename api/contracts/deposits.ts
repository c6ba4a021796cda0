import { z } from 'zod';
import { hasForbiddenCharacters, intId, safeString } from './input-rules';
import { largestAmountCents } from './money';
import type { PlanTerms } from './plans';

export const minimumDepositCents = 5_000;
/**
 * The most one deposit may be: $1,000,000. Above it a slip of the keyboard (a zero too many) is far likelier than a
 * payment, and an administrator checks each receipt by hand against the wallet; a larger sum comes as several
 * deposits. No plan's terms depend on it (the top plan has no maximum of its own).
 */
export const maximumDepositCents = 100_000_000;

/** The rules an amount must meet, in the order they are checked; each failure has its own message. */
export type AmountRule = 'format' | 'decimals' | 'minimum' | 'maximum';

export const depositAmountMessages: Record<AmountRule, string> = {
  format: 'Enter the amount in dollars, e.g. 150 or 150.25.',
  decimals: 'Enter the amount with at most two decimals (cents), e.g. 150.25.',
  // The spec's own message for an amount below the minimum.
  minimum: 'Please enter a valid deposit amount (minimum $50).',
  maximum: 'One deposit can be at most $1,000,000.',
};

/** The range an amount must fall in, in cents. */
export type AmountLimits = { minimumCents: number; maximumCents: number };

/** One deposit's range: $50 to $1,000,000. */
export const depositLimits: AmountLimits = { minimumCents: minimumDepositCents, maximumCents: maximumDepositCents };

const plainAmount = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount (a number or numeric text) to integer cents without floating-point arithmetic, or the first rule it
 * breaks: not a plain number, more than two decimals, below the minimum, above the maximum.
 */
export function readAmount(
  value: unknown,
  { minimumCents, maximumCents }: AmountLimits,
): { cents: number } | { rule: AmountRule } {
  if (typeof value !== 'number' && typeof value !== 'string') return { rule: 'format' };
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = hasForbiddenCharacters(text) ? null : plainAmount.exec(text);
  if (!match) return { rule: 'format' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { rule: 'decimals' };
  const digits = whole.replace(/^0+(?=\d)/, '');
  // Beyond the digits of the largest amount it is over the maximum whatever they are, and kept clear of float precision.
  if (!sign && digits.length > String(Math.trunc(maximumCents / 100)).length) return { rule: 'maximum' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (sign || cents < minimumCents) return { rule: 'minimum' };
  if (cents > maximumCents) return { rule: 'maximum' };
  return { cents };
}

/** A deposit amount to integer cents, or the first rule of a deposit it breaks ($50 to $1,000,000, two decimals). */
export const readDepositAmount = (value: unknown) => readAmount(value, depositLimits);

/**
 * The range of a plan's amount, by the way it is paid. From the balance: the plan's own (with no maximum, the largest
 * amount the API takes). By a deposit (the plan page's Buy Now): one deposit's range too, so $1,000,000 at most.
 */
export function planAmountLimits(
  plan: Pick<PlanTerms, 'minDeposit' | 'maxDeposit'>,
  way: 'balance' | 'deposit',
): AmountLimits {
  const minimumCents = Math.round(plan.minDeposit * 100);
  const maximumCents = plan.maxDeposit === null ? largestAmountCents : Math.round(plan.maxDeposit * 100);
  return way === 'balance'
    ? { minimumCents, maximumCents }
    : {
        minimumCents: Math.max(minimumCents, minimumDepositCents),
        maximumCents: Math.min(maximumCents, maximumDepositCents),
      };
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
