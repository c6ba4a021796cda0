import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';

describe('amounts in right-to-left text', () => {
  it('isolates every amount in Arabic, Persian and Urdu, so its digits and currency keep their order', () => {
    for (const language of ['ar', 'fa', 'ur']) {
      const format = createFormatters(language);
      expect(format.currency(87250)).toMatch(/^\u2066.+\u2069$/u);
      expect(format.compactCurrency(1_700_000_000_000)).toMatch(/^\u2066.+\u2069$/u);
    }
    // Inside a right-to-left sentence the amount is one left-to-right unit: a first-strong isolate would follow
    // Intl's leading right-to-left mark and draw "$US 87,250.00".
    expect(`1 BTC = ${createFormatters('ar').currency(87250)}`).toBe('1 BTC = \u2066\u200f87,250.00\u00a0US$\u2069');
  });

  it('leaves left-to-right languages unchanged', () => {
    expect(createFormatters('en').currency(87250)).toBe('$87,250.00');
    expect(createFormatters('fr').currency(5)).toBe('5,00\u00a0$US');
  });
});
