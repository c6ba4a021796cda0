import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, intId, pageSize, pgIntMax, safeString } from './input-rules';

describe('request input rules', () => {
  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00y', '\ude00\ud83d'])('refuses %j', (value) => {
    expect(hasForbiddenCharacters(value)).toBe(true);
    const result = safeString().trim().max(100).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must not contain NUL or unpaired surrogate characters');
  });

  it.each(['', 'Ada Lovelace', '\ud83d\ude00 emoji pair', 'Ünïcödé ✓', '\u202e\ufeff'])('accepts %j', (value) => {
    expect(safeString().safeParse(value).success).toBe(true);
  });

  it('keeps zod string methods chainable', () => {
    expect(safeString().trim().toLowerCase().parse('  ADA ')).toBe('ada');
  });

  it('takes integer ids from 1 to 2147483647, as numbers or numeric strings', () => {
    expect(intId.parse(1)).toBe(1);
    expect(intId.parse('42')).toBe(42);
    expect(intId.parse(pgIntMax)).toBe(pgIntMax);
    for (const value of [0, -1, 2_147_483_648, 1.5, 1e308, Number.NaN, 'abc', '', null, [], {}]) {
      expect(intId.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('bounds page sizes and gives the default', () => {
    expect(pageSize(100, 20).parse(undefined)).toBe(20);
    expect(pageSize(100, 20).safeParse('101').success).toBe(false);
  });
});
