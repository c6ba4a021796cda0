import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCoinsResponse } from '../../../../../api/contracts/market';
import { apiGet } from '../../../lib/api-client';
import { fetchWithOfflineCopy } from '../../../lib/offline/public-copy';
import { useResultAsRendered } from '../../../lib/use-hydrating';

export type { MarketCoin, MarketCoinsResponse } from '../../../../../api/contracts/market';

export const getMarketCoins = () =>
  fetchWithOfflineCopy('market-coins', () => apiGet<MarketCoinsResponse>('market/coins'));

export const marketCoinsQuery = () =>
  queryOptions({ queryKey: ['market', 'coins'], queryFn: getMarketCoins, staleTime: 60_000, refetchInterval: 120_000 });

export function useMarketCoins() {
  return useResultAsRendered(useQuery(marketCoinsQuery()));
}
