import { describe, expect, it } from 'vitest';
import { centsToDollarText, centsToDollars, dollarsToCents, positiveDollarsToCents } from './money';

describe('dollar amounts', () => {
  it('converts numbers and numeric strings to integer cents without float error', () => {
    expect(dollarsToCents.parse(150)).toBe(15_000);
    expect(dollarsToCents.parse('150.25')).toBe(15_025);
    expect(dollarsToCents.parse(0.1)).toBe(10);
    expect(dollarsToCents.parse('1234.5')).toBe(123_450);
    expect(dollarsToCents.parse(' 19.99 ')).toBe(1_999);
    expect(centsToDollars(1_999)).toBe(19.99);
  });

  it('writes cents back as the dollar text dollarsToCents reads, as String(cents / 100) would, without float division', () => {
    for (const cents of [5_000, 15_050, 15_005, 1_999, 10, 1, 0, 99_999_999_999])
      expect([centsToDollarText(cents), dollarsToCents.parse(centsToDollarText(cents))]).toEqual([
        String(cents / 100),
        cents,
      ]);
  });

  it.each([
    ['1.005'],
    [-1],
    ['-5'],
    [Number.NaN],
    ['NaN'],
    ['abc'],
    [''],
    ['1e3'],
    [Infinity],
    [null],
    [true],
    ['12,50'],
    ['1234567890'],
  ])('refuses %s', (value) => {
    expect(dollarsToCents.safeParse(value).success).toBe(false);
  });

  it('has a positive variant that refuses zero', () => {
    expect(positiveDollarsToCents.safeParse(0).success).toBe(false);
    expect(positiveDollarsToCents.parse('0.01')).toBe(1);
  });
});
