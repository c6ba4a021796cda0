import { QueryProvider, queryClient } from '../../../lib/query-provider';
import { plansQuery } from '../api/get-plans';
import { LiveMarketTicker, MarketTreemap } from './market-sections';
import { PlansSection } from './plans-section';

/**
 * The landing's parts that ask the server (TanStack Query and ky): one chunk, loaded when the first of them is
 * needed (a section comes near, the prices the page came with are due for a refresh), not with the first screen.
 */

export function QueriedMarketTicker() {
  return (
    <QueryProvider>
      <LiveMarketTicker />
    </QueryProvider>
  );
}

export function QueriedPlansSection() {
  return (
    <QueryProvider>
      <PlansSection />
    </QueryProvider>
  );
}

export function QueriedMarketTreemap() {
  return (
    <QueryProvider>
      <MarketTreemap />
    </QueryProvider>
  );
}

/** Fetches the plans into the cache (and this device's offline copy) before their section is reached. */
export function prefetchPlans(): Promise<void> {
  return queryClient.prefetchQuery(plansQuery());
}
