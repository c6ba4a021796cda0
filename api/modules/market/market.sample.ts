import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { priceCurrencies, type MarketCoin, type PriceCurrency } from '../../contracts/market';
import type { BitcoinPrices } from './market.upstream';

const sampleFile = join(import.meta.dirname, 'market-sample-snapshot.json');

const sampleSchema = z.object({
  sampleData: z.literal(true),
  asOf: z.iso.datetime(),
  bitcoinPrices: z.record(z.enum(priceCurrencies), z.number().positive()),
  coins: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        image: z.string(),
        current_price: z.number(),
        price_change_percentage_24h: z.number().nullable(),
        market_cap: z.number(),
      }),
    )
    .length(100),
});

let loaded: { asOf: Date; coins: MarketCoin[]; bitcoinPrices: BitcoinPrices } | undefined;

/** Hand-written sample figures for a machine that never reached the coin-market API; always served as not live. */
export function bundledMarketSample() {
  if (!loaded) {
    const sample = sampleSchema.parse(JSON.parse(readFileSync(sampleFile, 'utf8')));
    loaded = {
      asOf: new Date(sample.asOf),
      coins: sample.coins,
      bitcoinPrices: sample.bitcoinPrices as Record<PriceCurrency, number>,
    };
  }
  return loaded;
}
