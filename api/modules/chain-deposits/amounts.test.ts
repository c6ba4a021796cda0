import { describe, expect, it } from 'vitest';
import { centsForUnits, coinText, proRataCents, rateText, unitsForCents } from './amounts';

describe('deposit amounts in integer arithmetic', () => {
  it('quotes coin units rounded up and credits pro rata at the quote', () => {
    const units = unitsForCents(5_000, '2000', 18);
    expect(coinText(units, 18)).toBe('0.025');
    expect(proRataCents(units / 2n, units, 5_000)).toBe(2_500);
    expect(proRataCents(units * 2n, units, 5_000)).toBe(10_000);
    expect(unitsForCents(5_000, '3', 6)).toBe(16_666_667n);
    expect(proRataCents(16_666_667n, 16_666_667n, 5_000)).toBe(5_000);
  });

  it('keeps tiny prices exact and never writes an exponent', () => {
    expect(rateText(0.00001234)).toBe('0.00001234');
    expect(rateText(3456.78)).toBe('3456.78');
    expect(centsForUnits(10n ** 18n * 1_000_000n, '0.00001234', 18)).toBe(1_234);
  });
});
