import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useMarketCoins } from '../api/get-market-coins';
import { DataFreshness } from './data-freshness';
import { EmptyTicker, PriceTicker } from './price-ticker';
import { tickerFreshness } from './ticker-freshness';

// d3's layout and the treemap sit far below the fold: they load once the prices have arrived.
const CryptoTreemap = lazy(() => import('./crypto-treemap').then((module) => ({ default: module.CryptoTreemap })));

/** The ticker kept current by the query cache (refreshed every two minutes). */
export function LiveMarketTicker() {
  const { data } = useMarketCoins();
  if (!data) return <EmptyTicker />;
  return <PriceTicker coins={data.data.coins} freshness={tickerFreshness(data)} />;
}

export function MarketTreemap() {
  const { t } = useTranslation('home');
  const { data, isError } = useMarketCoins();
  return (
    <section className="section" aria-labelledby="treemap-title">
      <div className="container">
        <h2 id="treemap-title">{t('treemap.title')}</h2>
        <p className="home-intro">{t('treemap.intro')}</p>
        {data ? (
          <>
            <DataFreshness
              asOf={data.data.asOf}
              live={data.data.live}
              source={data.data.source}
              savedOnDeviceAt={data.fromDevice ? data.savedAt : undefined}
            />
            <Suspense fallback={<Spinner label={t('market.loading')} />}>
              <CryptoTreemap coins={data.data.coins} />
            </Suspense>
          </>
        ) : isError ? (
          <p className="notice">{t('market.unavailable')}</p>
        ) : (
          <Spinner label={t('market.loading')} />
        )}
      </div>
    </section>
  );
}
