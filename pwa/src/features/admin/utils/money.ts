import type { Formatters } from '../../../lib/format';

/** Dollars with exactly two decimals (the shared formatter shows more only for coin prices under $1). */
export const money = (format: Formatters, dollars: number) =>
  format.currency(dollars, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Ids are UUIDs; the first 8 characters tell rows apart on screen. */
export const shortId = (id: string | number) => String(id).slice(0, 8);

// Coin names are proper nouns, written the same in every language of the panel.
const coinNames: Record<string, string> = {
  bitcoin: 'Bitcoin',
  bnb: 'BNB',
  cardano: 'Cardano',
  dogecoin: 'Dogecoin',
  ethereum: 'Ethereum',
  litecoin: 'Litecoin',
  shiba: 'Shiba',
  solana: 'Solana',
  tron: 'Tron',
  usdt: 'USDT',
};

export const coinName = (coin: string) => coinNames[coin] ?? coin;
