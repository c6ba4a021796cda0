import { z } from 'zod';
import { safeString } from './input-rules';

const dollarPattern = /^\d{1,9}(\.\d{1,2})?$/;
/** The largest amount dollarsToCents takes: nine digits of dollars and the cents. */
export const largestAmountCents = 999_999_999_99;

/**
 * A dollar amount as the API takes it: a number or numeric string, at most two decimals,
 * converted to integer cents without floating-point arithmetic.
 */
export const dollarsToCents = z
  .union([z.number(), safeString()], { error: 'Enter an amount in dollars, e.g. 150 or 150.25' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!dollarPattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars with at most two decimals' });
      return z.NEVER;
    }
    const [whole, fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

export const positiveDollarsToCents = dollarsToCents.refine((cents) => cents > 0, 'The amount must be more than 0');

/** Cents back to dollars for JSON: exact for every integer cent amount below 2^53. */
export const centsToDollars = (cents: number) => cents / 100;

/**
 * Cents as the dollar text the API and the app's URLs take (15050 → "150.5"), the inverse of dollarsToCents: where
 * an amount kept in cents leaves the app, without float division.
 */
export function centsToDollarText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}
