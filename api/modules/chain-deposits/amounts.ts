import { formatUnits, parseUnits } from 'viem';

/** Rates (USD per coin) are decimal strings; arithmetic on them is on integers scaled by 10^18. */
const rateDecimals = 18;
const rateScale = 10n ** BigInt(rateDecimals);

/** A market price as a decimal string with the float's significant digits and no exponent (0.00001234, not 1.234e-5). */
export const rateText = (price: number) =>
  price.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 15 });

const scaledRate = (rate: string) => parseUnits(rate, rateDecimals);
const unitScale = (decimals: number) => 10n ** BigInt(decimals);

/** The coin units that buy `cents` at `rate`, rounded up so the investor never pays short by rounding. */
export function unitsForCents(cents: number, rate: string, decimals: number): bigint {
  const numerator = BigInt(cents) * unitScale(decimals) * rateScale;
  const denominator = scaledRate(rate) * 100n;
  return (numerator + denominator - 1n) / denominator;
}

/** What `units` are worth at `rate`, in whole cents rounded down. */
export const centsForUnits = (units: bigint, rate: string, decimals: number) =>
  Number((units * scaledRate(rate) * 100n) / (unitScale(decimals) * rateScale));

/** The quoted coins' USD pro rata: the full amount for all of them, less for fewer. */
export const proRataCents = (units: bigint, quotedUnits: bigint, quotedCents: number) =>
  Number((units * BigInt(quotedCents)) / quotedUnits);

/** The lower of two rates. */
export const lowerRate = (a: string, b: string) => (scaledRate(a) <= scaledRate(b) ? a : b);

/** A rate as written for people: no trailing zeros (2000, not 2000.000000000000000000). */
export const rateShown = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);

/**
 * What a payment is worth: `quotedUnits` of it pro rata of its quote's USD amount, the rest at `rate` (null while
 * that part waits for a live rate, and then so does the total).
 */
export function paymentCents(
  payment: { units: bigint; quotedUnits: bigint; rate: string | null; decimals: number },
  quote: { coinUnits: bigint; amountCents: number },
) {
  const beyond = payment.units - payment.quotedUnits;
  const quoted = payment.quotedUnits > 0n ? proRataCents(payment.quotedUnits, quote.coinUnits, quote.amountCents) : 0;
  if (beyond === 0n) return { quoted, beyond: 0, total: quoted };
  if (payment.rate === null) return { quoted, beyond: null, total: null };
  const beyondCents = centsForUnits(beyond, payment.rate, payment.decimals);
  return { quoted, beyond: beyondCents, total: quoted + beyondCents };
}

export const coinText = (units: bigint | string, decimals: number) => formatUnits(BigInt(units), decimals);
