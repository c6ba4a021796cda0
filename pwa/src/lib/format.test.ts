import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormatters, currencyDisplayName } from './format';

describe('createFormatters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds each Intl formatter once per language and options, however often it formats', () => {
    const NumberFormat = Intl.NumberFormat;
    const built = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      return new NumberFormat(...args);
    } as unknown as typeof NumberFormat);
    const it = createFormatters('it');
    for (let i = 0; i < 50; i += 1) {
      it.currency(i, 'usd');
      createFormatters('it').currency(i, 'usd');
    }
    expect(built).toHaveBeenCalledTimes(1);
    // Options are part of the key: another currency or language is another formatter, not the cached one.
    expect(it.currency(5, 'eur')).toBe('5,00 €');
    expect(createFormatters('ja').currency(5, 'usd')).toBe('$5.00');
    expect(built).toHaveBeenCalledTimes(3);
  });

  it('names currencies in the language, falling back to the code', () => {
    expect(currencyDisplayName('fr', 'usd')).toBe('dollar des États-Unis');
    expect(currencyDisplayName('en', 'xyz')).toBe('XYZ');
  });

  it('formats money, percentages and dates for the language', () => {
    const en = createFormatters('en');
    expect(en.currency(1234.5)).toBe('$1,234.50');
    expect(en.currency(0.000123)).toBe('$0.000123');
    expect(en.percent(2.345)).toBe('+2.35%');
    expect(en.percent(-1)).toBe('-1%');
    expect(en.compactCurrency(1_700_000_000_000)).toBe('$1.7T');
    expect(en.date('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
  });

  it('follows each language’s own conventions', () => {
    expect(createFormatters('de').currency(1234.5, 'eur')).toBe('1.234,50\u00a0€');
    expect(createFormatters('fr').number(1234.5)).toBe('1\u202f234,5');
    expect(createFormatters('hi').number(1234567)).toBe('12,34,567');
    expect(createFormatters('fa').number(12)).toBe('۱۲');
    expect(createFormatters('zh-CN').currency(10, 'cny')).toBe('¥10.00');
  });

  it('says how old something is', () => {
    const now = Date.parse('2026-01-02T12:00:00Z');
    expect(createFormatters('en').age('2026-01-02T11:59:30Z', now)).toBe('30 seconds ago');
    expect(createFormatters('en').age('2026-01-02T09:00:00Z', now)).toBe('3 hours ago');
    expect(createFormatters('en').age('2026-01-01T12:00:00Z', now)).toBe('yesterday');
    expect(createFormatters('es').age('2025-12-30T12:00:00Z', now)).toBe('hace 3 días');
  });
});
