import { z } from 'zod';
import { priceCurrencies, type MarketCoin, type PriceCurrency } from '../../contracts/market';

export const upstreamTimeoutMs = 5_000;
export const coinsLimit = 100;

const coinEntrySchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  symbol: z.string().min(1).max(50),
  image: z.url({ protocol: /^https?$/ }).max(2_000),
  current_price: z.number().finite().nonnegative(),
  price_change_percentage_24h: z.number().finite().nullable(),
  market_cap: z.number().finite().nonnegative(),
});

const priceSchema = z.number().finite().positive();
const bitcoinPricesSchema = z.object({
  bitcoin: z.object(
    Object.fromEntries(priceCurrencies.map((currency) => [currency, priceSchema])) as Record<
      PriceCurrency,
      typeof priceSchema
    >,
  ),
});

export type BitcoinPrices = Record<PriceCurrency, number>;

export class UpstreamError extends Error {}

async function getJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (error) {
    throw new UpstreamError(`coin-market API unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new UpstreamError(`coin-market API answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new UpstreamError('coin-market API sent invalid JSON');
  }
}

const endpoint = (baseUrl: string, path: string, params: Record<string, string>) => {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
};

/** Keeps the well-formed entries with only the documented fields, top 100 by market cap. */
export function parseCoins(raw: unknown): MarketCoin[] {
  if (!Array.isArray(raw)) throw new UpstreamError('coin list is not an array');
  const coins = raw.flatMap((entry) => {
    const parsed = coinEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  if (coins.length === 0) throw new UpstreamError('coin list has no valid entries');
  return coins.sort((a, b) => b.market_cap - a.market_cap).slice(0, coinsLimit);
}

export function parseBitcoinPrices(raw: unknown): BitcoinPrices {
  const parsed = bitcoinPricesSchema.safeParse(raw);
  if (!parsed.success) throw new UpstreamError('bitcoin price answer is malformed');
  return parsed.data.bitcoin;
}

export const fetchTopCoins = async (baseUrl: string) =>
  parseCoins(
    await getJson(
      endpoint(baseUrl, '/coins/markets', {
        vs_currency: 'usd',
        order: 'market_cap_desc',
        per_page: String(coinsLimit),
        page: '1',
        sparkline: 'false',
      }),
    ),
  );

export const fetchBitcoinPrices = async (baseUrl: string) =>
  parseBitcoinPrices(
    await getJson(
      endpoint(baseUrl, '/simple/price', {
        ids: 'bitcoin',
        vs_currencies: priceCurrencies.join(','),
      }),
    ),
  );
