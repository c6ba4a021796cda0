import { queryOptions } from '@tanstack/react-query';
import type { MarketPriceResponse, PriceCurrency } from '../../../../../api/contracts/market';
import { apiGet } from '../../../lib/api-client';
import { fetchWithOfflineCopy, type WithOfflineCopy } from '../../../lib/offline/public-copy';

export type BitcoinPriceFetcher = (currency: PriceCurrency) => Promise<WithOfflineCopy<MarketPriceResponse>>;

export const getBitcoinPrice: BitcoinPriceFetcher = (currency) =>
  fetchWithOfflineCopy(`bitcoin-price-${currency}`, () =>
    apiGet<MarketPriceResponse>('market/price', { searchParams: { currency } }),
  );

export const bitcoinPriceQuery = (currency: PriceCurrency, fetcher: BitcoinPriceFetcher = getBitcoinPrice) =>
  queryOptions({ queryKey: ['market', 'price', currency], queryFn: () => fetcher(currency), staleTime: 60_000 });
