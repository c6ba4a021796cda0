import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCoinsResponse } from '../../../../../api/contracts/market';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/market/coins for the coin amount to send, asked again each minute while the page is open. Unlike the
 * landing's market sections (home feature), no copy saved on the device stands in for it: an estimate must be current,
 * and without an answer the page says the market is unreachable.
 */
export const marketRatesQuery = () =>
  queryOptions({
    queryKey: ['deposit', 'market-rates'],
    queryFn: () => apiGet<MarketCoinsResponse>('market/coins'),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useMarketRates = () => useQuery(marketRatesQuery());
