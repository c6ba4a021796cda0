import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { servedAnswer } from '../../../lib/served-answers';
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
 * React has hydrated, without the query library; the query cache takes over when they are due for a refresh, or at
 * once when the page came without them (or a visitor comes back to the landing after they are due).
 */
export function MarketTicker() {
  const served = servedAnswer<MarketCoinsResponse>('market-coins');
  const [queried, setQueried] = useState(() => !served || msUntilDue(served.receivedAt) <= 0);
  useEffect(() => {
    if (queried || !served) return undefined;
    // A transition: the served strip stays on screen while the cache's code loads.
    const timer = setTimeout(() => startTransition(() => setQueried(true)), msUntilDue(served.receivedAt));
    return () => clearTimeout(timer);
  }, [queried, served]);
  return (
    // The same boundary whichever shows, so the HTML rendered at build time hydrates either way.
    <Suspense fallback={<EmptyTicker />}>
      {queried ? <QueriedMarketTicker /> : <ServedTicker served={served!} />}
    </Suspense>
  );
}

function ServedTicker({ served }: { served: { data: MarketCoinsResponse; receivedAt: number } }) {
  const hydrating = useHydrating();
  // Rendered in a pass after hydration that yields to a tap, as the query results are (use-hydrating.ts).
  const shown = useDeferredValue(hydrating ? undefined : served);
  if (!shown) return <EmptyTicker />;
  const freshness = tickerFreshness({ data: shown.data, savedAt: shown.receivedAt, fromDevice: false });
  return <PriceTicker coins={shown.data.coins} freshness={freshness} />;
}
