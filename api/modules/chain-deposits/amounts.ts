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

/** Within a quote's window: its USD amount pro rata (the full amount for the quoted coins, more or less for more or less). */
export const proRataCents = (units: bigint, quotedUnits: bigint, quotedCents: number) =>
  Number((units * BigInt(quotedCents)) / quotedUnits);

export const coinText = (units: bigint | string, decimals: number) => formatUnits(BigInt(units), decimals);
