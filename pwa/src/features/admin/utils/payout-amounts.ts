import type { Formatters } from '../../../lib/format';
import { coinName } from './money';

/** The fee rates the server takes, in sat/vB. */
export const feeRateBounds = { min: 1, max: 10_000 } as const;

/** A typed fee rate in whole sat/vB ("2"), or null when it is not one the server takes (it takes no fractions). */
export function parseFeeRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const rate = Number(trimmed);
  return rate >= feeRateBounds.min && rate <= feeRateBounds.max ? rate : null;
}

/** Decimal coin amounts ("0.1", "0.2") added exactly, as decimal text ("0.3"): never through floating point. */
export function addCoinAmounts(amounts: readonly string[]): string {
  const decimals = Math.max(0, ...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  const units = amounts.reduce((sum, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(whole + fraction.padEnd(decimals, '0'));
  }, 0n);
  const digits = units.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/** "0.5 Litecoin", kept one left-to-right unit in right-to-left text. */
export const coinText = (format: Formatters, amount: string, coin: string) =>
  format.isolate(`${amount} ${coinName(coin)}`);
