/** Business and UI constants shared by several screens. */
export const CAROUSEL_INTERVAL_MS = 2000;
export const TRANSLATION_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

export const CONVERTER_CURRENCIES = [
  'usd',
  'eur',
  'gbp',
  'aud',
  'cad',
  'jpy',
  'chf',
  'cny',
  'hkd',
  'sek',
  'krw',
  'inr',
  'nzd',
  'sgd',
  'brl',
] as const;
export type ConverterCurrency = (typeof CONVERTER_CURRENCIES)[number];

/** The ten coins the platform accepts; each has a shipped icon in public/coins/<symbol>.svg. */
export const ACCEPTED_COIN_SYMBOLS = ['btc', 'eth', 'trx', 'doge', 'ltc', 'bnb', 'ada', 'sol', 'usdt', 'shib'] as const;
