import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { MarketCoin } from '../api/get-market-coins';
import { CoinIcon } from './coin-icon';

/** The hovered or focused tile's figures, announced politely to screen readers. */
export function TreemapDetails({ coin }: { coin: MarketCoin | undefined }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  return (
    <div className="treemap__details" aria-live="polite" data-testid="treemap-details">
      {coin ? (
        <>
          <p className="treemap__details-name">
            <CoinIcon symbol={coin.symbol} image={coin.image} size={28} />
            <strong>{coin.name}</strong> <span>{coin.symbol.toUpperCase()}</span>
          </p>
          <dl className="treemap__details-facts">
            <div>
              <dt>{t('treemap.price')}</dt>
              <dd>{format.currency(coin.current_price)}</dd>
            </div>
            <div>
              <dt>{t('treemap.marketCap')}</dt>
              <dd>{format.compactCurrency(coin.market_cap)}</dd>
            </div>
            <div>
              <dt>{t('treemap.change')}</dt>
              <dd>
                {coin.price_change_percentage_24h === null
                  ? t('treemap.noChange')
                  : format.percent(coin.price_change_percentage_24h)}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="treemap__hint">{t('treemap.hint')}</p>
      )}
    </div>
  );
}
