import { z } from 'zod';
import { safeString } from './input-rules';

// Market data shapes shared by the API and the PWA: no server-only imports here.

/** The converter's currencies (it opens on usd). */
export const priceCurrencies = [
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
export type PriceCurrency = (typeof priceCurrencies)[number];

export const priceQuerySchema = z.object({
  currency: safeString()
    .trim()
    .toLowerCase()
    .pipe(z.enum(priceCurrencies, { error: `currency must be one of ${priceCurrencies.join(', ')}` })),
});

/** Where an answer came from: a fresh upstream call, the 60 s cache / last good copy, or the bundled sample. */
export type MarketSource = 'live' | 'cache' | 'snapshot';

export interface MarketCoin {
  id: string;
  name: string;
  symbol: string;
  image: string;
  current_price: number;
  /** null when the coin-market API has no 24 h change for the coin. */
  price_change_percentage_24h: number | null;
  market_cap: number;
}

interface MarketMeta {
  /** ISO time the data was fetched (or, for the bundled sample, its fixed date). */
  asOf: string;
  /** false when served from the last good copy after an upstream failure, or from the bundled sample. */
  live: boolean;
  source: MarketSource;
}

export interface MarketCoinsResponse extends MarketMeta {
  coins: MarketCoin[];
}

export interface MarketPriceResponse extends MarketMeta {
  currency: PriceCurrency;
  /** One bitcoin in `currency`. */
  price: number;
}
