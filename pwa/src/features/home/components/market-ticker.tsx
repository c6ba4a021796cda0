import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { fetchServedAnswer, servedAnswer, type ServedAnswer } from '../../../lib/served-answers';
import { useHydrating } from '../../../lib/hydration/use-hydrating';
import type { MarketCoinsResponse } from '../api/get-market-coins';
import { marketCoinsStaleMs } from '../api/market-refresh';
import { EmptyTicker, PriceTicker } from './price-ticker';
import { tickerFreshness } from './ticker-freshness';

const QueriedMarketTicker = lazy(() =>
  import('./landing-live-sections').then((module) => ({ default: module.QueriedMarketTicker })),
);

const msUntilDue = (receivedAt: number) => receivedAt + marketCoinsStaleMs - Date.now();

/**
 * The ticker on the landing's first screen. It shows the prices the page came with (served-answers.ts) as soon as
 * React has hydrated, without the query library; when the page came without them (the server held no current copy,
 * as for the first visitor after a quiet spell), it asks for them with one plain request, still without the query
 * library. The query cache takes over when they are due for a refresh, when that request fails (it reads this
 * device's copy offline), or at once when a visitor comes back to the landing after they are due.
 */
export function MarketTicker() {
  const [prices, setPrices] = useState(() => servedAnswer<MarketCoinsResponse>('market-coins'));
  const [queried, setQueried] = useState(() => prices !== undefined && msUntilDue(prices.receivedAt) <= 0);
  useEffect(() => {
    if (queried || prices) return undefined;
    let current = true;
    fetchServedAnswer<MarketCoinsResponse>('market-coins', '/api/market/coins').then(
      (answer) => {
        if (current) setPrices(answer);
      },
      () => {
        if (current) startTransition(() => setQueried(true));
      },
    );
    return () => {
      current = false;
    };
  }, [queried, prices]);
  useEffect(() => {
    if (queried || !prices) return undefined;
    // A transition: the strip stays on screen while the cache's code loads.
    const timer = setTimeout(() => startTransition(() => setQueried(true)), msUntilDue(prices.receivedAt));
    return () => clearTimeout(timer);
  }, [queried, prices]);
  return (
    // The same boundary whichever shows, so the HTML rendered at build time hydrates either way.
    <Suspense fallback={<EmptyTicker />}>
      {queried ? <QueriedMarketTicker /> : prices ? <ServedTicker served={prices} /> : <EmptyTicker />}
    </Suspense>
  );
}

function ServedTicker({ served }: { served: ServedAnswer<MarketCoinsResponse> }) {
  const hydrating = useHydrating();
  // Rendered in a pass after hydration that yields to a tap, as the query results are (use-hydrating.ts).
  const shown = useDeferredValue(hydrating ? undefined : served);
  if (!shown) return <EmptyTicker />;
  const freshness = tickerFreshness({ data: shown.data, savedAt: shown.receivedAt, fromDevice: false });
  return <PriceTicker coins={shown.data.coins} freshness={freshness} />;
}
