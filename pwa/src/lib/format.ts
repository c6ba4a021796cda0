import { useTranslation } from 'react-i18next';
import { isRtl } from '../config/languages';

// First-strong isolate … pop directional isolate: an amount keeps its own order inside right-to-left text
// (else "87,250.00 US$ = 1 BTC" comes out scrambled). Strings, so it also works in attributes and <option>s.
const FSI = '\u2068';
const PDI = '\u2069';
// Money takes a left-to-right isolate: Arabic's Intl currency starts with a right-to-left mark, which a first-strong
// isolate follows, and then the "$" of "US$" is drawn on the far side of "US" ("$US 87,250.00").
const LRI = '\u2066';

// Building an Intl formatter costs far more than using one (the landing's price ticker and plan cards format
// hundreds of figures while hydrating on a phone), so each language-and-options pair is built once.
const formatters = new Map<string, { format(value: never, ...rest: never[]): string }>();

function cached<F extends { format(value: never, ...rest: never[]): string }>(key: unknown[], build: () => F): F {
  const id = JSON.stringify(key);
  let formatter = formatters.get(id) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(id, formatter);
  }
  return formatter;
}

/** The currency's name in a language ("US Dollar", "dollar des États-Unis"), or its code when Intl has none. */
export function currencyDisplayName(language: string, code: string): string {
  const names = cached(['currency-names', language], () => {
    const displayNames = new Intl.DisplayNames([language], { type: 'currency' });
    return { format: (currency: string) => displayNames.of(currency) ?? currency };
  });
  return names.format(code.toUpperCase());
}

/** Intl formatting for a language; `zh-CN`-style codes are valid BCP 47 tags as they are. */
export function createFormatters(language: string) {
  const number = (value: number, options?: Intl.NumberFormatOptions) =>
    cached(['number', language, options], () => new Intl.NumberFormat(language, options)).format(value);
  const dateFormat = (options: Intl.DateTimeFormatOptions) =>
    cached(['date', language, options], () => new Intl.DateTimeFormat(language, options));
  const isolate = isRtl(language) ? (text: string) => `${FSI}${text}${PDI}` : (text: string) => text;
  const isolateMoney = isRtl(language) ? (text: string) => `${LRI}${text}${PDI}` : (text: string) => text;
  return {
    locale: language,
    /** Left-to-right text (a coin amount, a chain's name, another program's setting) kept whole in right-to-left text. */
    isolate,
    number,
    /** Money: two decimals for ordinary amounts, more for sub-cent coin prices; kept left to right in right-to-left languages. */
    currency: (value: number, currency = 'USD', options?: Intl.NumberFormatOptions) =>
      isolateMoney(
        number(value, {
          style: 'currency',
          currency: currency.toUpperCase(),
          maximumFractionDigits: Math.abs(value) > 0 && Math.abs(value) < 1 ? 6 : 2,
          ...options,
        }),
      ),
    compactCurrency: (value: number, currency = 'USD') =>
      isolateMoney(
        number(value, {
          style: 'currency',
          currency: currency.toUpperCase(),
          notation: 'compact',
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        }),
      ),
    percent: (value: number, options?: Intl.NumberFormatOptions) =>
      number(value / 100, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero', ...options }),
    date: (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      dateFormat(options).format(new Date(value)),
    dateTime: (value: Date | string | number) =>
      dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    /** Date and time with the reader's time zone named ("Dec 2, 2026, 1:00 AM GMT+1"), for a moment they act on. */
    zonedDateTime: (value: Date | string | number) =>
      dateFormat({
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(value)),
    /** "5 minutes ago", in the chosen language. */
    age: (value: Date | string | number, now: number = Date.now()) =>
      relativeAge(language, new Date(value).getTime(), now),
  };
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

function relativeAge(language: string, then: number, now: number) {
  const elapsed = then - now;
  const format = cached(['relative', language], () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  for (const [unit, ms] of units) {
    if (Math.abs(elapsed) >= ms || unit === 'second') return format.format(Math.round(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}

export type Formatters = ReturnType<typeof createFormatters>;

/** Formatters for the current language; components re-render when the language changes. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  return createFormatters(i18n.language || 'en');
}
