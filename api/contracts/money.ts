import { z } from 'zod';
import { safeString } from './input-rules';

const dollarPattern = /^\d{1,9}(\.\d{1,2})?$/;

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
