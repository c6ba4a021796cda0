import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCoinsResponse } from '../../../../../api/contracts/market';
import { apiGet } from '../../../lib/api-client';
import { fetchWithOfflineCopy } from '../../../lib/offline/public-copy';
import { servedInitialCopy } from '../../../lib/served-answers';
import { useResultAsRendered } from '../../../lib/hydration/use-hydrating';
import { marketCoinsRefetchMs, marketCoinsStaleMs } from './market-refresh';

export type { MarketCoin, MarketCoinsResponse } from '../../../../../api/contracts/market';

export const getMarketCoins = () =>
  fetchWithOfflineCopy('market-coins', () => apiGet<MarketCoinsResponse>('market/coins'));

export const marketCoinsQuery = () =>
  queryOptions({
    queryKey: ['market', 'coins'],
    queryFn: getMarketCoins,
    staleTime: marketCoinsStaleMs,
    refetchInterval: marketCoinsRefetchMs,
    ...servedInitialCopy<MarketCoinsResponse>('market-coins'),
  });

export function useMarketCoins() {
  return useResultAsRendered(useQuery(marketCoinsQuery()));
}
