import { describe, expect, it } from 'vitest';
import { addCoinAmounts, parseFeeRate } from './payout-amounts';

describe('parseFeeRate', () => {
  it('takes whole sat/vB from 1 to 10,000', () => {
    expect(['1', ' 12 ', '0010', '10000'].map(parseFeeRate)).toEqual([1, 12, 10, 10000]);
  });

  it('refuses what the server would: nothing, below 1, above 10,000, a fraction, not a number', () => {
    const refused = ['', '0', '2.5', '3,5', '10001', '-3', '2e3', 'abc', '1.2.3'];
    expect(refused.map(parseFeeRate)).toEqual(refused.map(() => null));
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
