import { describe, expect, it } from 'vitest';
import { addCoinAmounts, parseFeeRate } from './payout-amounts';

describe('parseFeeRate', () => {
  it('takes whole and decimal sat/vB from 1 to 10,000, a decimal comma too', () => {
    expect(['1', '2.5', '3,5', ' 12 ', '10000'].map(parseFeeRate)).toEqual([1, 2.5, 3.5, 12, 10000]);
  });

  it('refuses what the server would: nothing, below 1, above 10,000, not a number', () => {
    expect(['', '0', '0.5', '10001', '-3', '2e3', 'abc', '1.2.3'].map(parseFeeRate)).toEqual(Array(8).fill(null));
  });
});

describe('addCoinAmounts', () => {
  it('adds decimal text exactly, where floating point would not', () => {
    expect(addCoinAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(addCoinAmounts(['0.00000001', '1', '2.5'])).toBe('3.50000001');
    expect(addCoinAmounts(['0.5', '0.5'])).toBe('1');
    expect(addCoinAmounts(['7'])).toBe('7');
    expect(addCoinAmounts([])).toBe('0');
  });
});
