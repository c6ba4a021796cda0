import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { MarketCoin } from '../api/get-market-coins';
import { CoinIcon } from './coin-icon';
import type { TickerFreshness } from './ticker-freshness';
import './price-ticker.css';

const TICKER_COINS = 20;
const SECONDS_PER_COIN = 3;

function TickerItems({ coins, hidden }: { coins: MarketCoin[]; hidden?: boolean }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  return (
    <ul className="ticker__list" aria-hidden={hidden || undefined}>
      {coins.map((coin) => {
        const change = coin.price_change_percentage_24h;
        const trend = change === null ? '' : change >= 0 ? 'ticker__change--up' : 'ticker__change--down';
        return (
          <li key={coin.id} className="ticker__item">
            <CoinIcon symbol={coin.symbol} image={coin.image} size={20} />
            <span className="ticker__symbol">{coin.symbol.toUpperCase()}</span>
            <span>{format.currency(coin.current_price)}</span>
            <span className={`ticker__change ${trend}`}>
              <span className="visually-hidden">{t('ticker.change24h')} </span>
              {change === null ? '–' : format.percent(change)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A strip scrolling with a CSS animation (no JS per frame); the list is drawn twice so the loop is seamless,
 * the copy hidden from screen readers. Hover or focus pauses it; reduced motion makes it a plain scroller.
 */
export function PriceTicker({ coins, freshness }: { coins: MarketCoin[]; freshness: TickerFreshness }) {
  const { t, i18n } = useTranslation('home');
  const shown = coins.slice(0, TICKER_COINS);
  if (shown.length === 0) return null;
  return (
    // Left-to-right in every language: in a right-to-left box the wider-than-screen track would hang off the
    // left edge and slide away from the screen, leaving an empty band. Right-to-left pages reverse the motion.
    <section className="ticker on-dark" aria-label={t('ticker.label')} tabIndex={0} dir="ltr">
      {freshness !== 'live' && (
        <p className="ticker__freshness" dir={i18n.dir()}>
          {t(`ticker.${freshness}`)}
        </p>
      )}
      <div className="ticker__window">
        <div className="ticker__track" style={{ animationDuration: `${shown.length * SECONDS_PER_COIN}s` }}>
          <TickerItems coins={shown} />
          <TickerItems coins={shown} hidden />
        </div>
      </div>
    </section>
  );
}

/** The strip's place, as before its prices arrive: the same height, so nothing moves when they do. */
export function EmptyTicker() {
  return <div className="ticker ticker--empty" aria-hidden="true" />;
}
