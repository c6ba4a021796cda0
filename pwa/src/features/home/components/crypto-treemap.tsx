import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { MarketCoin } from '../api/get-market-coins';
import { useMediaQuery } from '../../../lib/hooks/use-media-query';
import { changeColour, layoutTreemap, NARROW_SIZE, WIDE_SIZE } from './treemap-layout';
import { TreemapDetails } from './treemap-details';
import './crypto-treemap.css';

const keySteps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * 100 coins as tiles sized by market cap and coloured by 24 h change. One tab stop (roving tabindex):
 * arrow keys walk the tiles from biggest to smallest, Home/End jump; hover or focus shows the details.
 */
export function CryptoTreemap({ coins }: { coins: MarketCoin[] }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const size = useMediaQuery('(max-width: 600px)') ? NARROW_SIZE : WIDE_SIZE;
  const tiles = useMemo(() => layoutTreemap(coins, size), [coins, size]);
  const [activeIndex, setActiveIndex] = useState(0);
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const tileRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const shown = shownIndex === null ? undefined : tiles[shownIndex];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next: number | undefined;
    if (event.key in keySteps) next = Math.min(Math.max(activeIndex + (keySteps[event.key] ?? 0), 0), tiles.length - 1);
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tiles.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    setActiveIndex(next);
    setShownIndex(next);
    tileRefs.current[next]?.focus();
  }

  const label = (coin: MarketCoin) =>
    t('treemap.tileLabel', {
      name: coin.name,
      symbol: coin.symbol.toUpperCase(),
      marketCap: format.compactCurrency(coin.market_cap),
      price: format.currency(coin.current_price),
      change:
        coin.price_change_percentage_24h === null
          ? t('treemap.noChange')
          : format.percent(coin.price_change_percentage_24h),
    });

  return (
    <div className="treemap">
      <div
        className="treemap__map"
        role="group"
        aria-label={t('treemap.label')}
        dir="ltr"
        onKeyDown={onKeyDown}
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        onMouseLeave={() => setShownIndex(null)}
      >
        {tiles.map((tile, index) => {
          const big = (tile.width * tile.height) / (size.width * size.height) > 0.014;
          return (
            <button
              key={tile.coin.id}
              ref={(element) => {
                tileRefs.current[index] = element;
              }}
              type="button"
              className={`treemap__tile${big ? ' treemap__tile--labelled' : ''}`}
              data-coin={tile.coin.id}
              tabIndex={index === activeIndex ? 0 : -1}
              aria-label={label(tile.coin)}
              style={{
                left: `${(tile.x / size.width) * 100}%`,
                top: `${(tile.y / size.height) * 100}%`,
                width: `${(tile.width / size.width) * 100}%`,
                height: `${(tile.height / size.height) * 100}%`,
                background: changeColour(tile.coin.price_change_percentage_24h),
              }}
              onMouseEnter={() => setShownIndex(index)}
              onFocus={() => {
                setActiveIndex(index);
                setShownIndex(index);
              }}
            >
              {big && <span aria-hidden="true">{tile.coin.symbol.toUpperCase()}</span>}
            </button>
          );
        })}
      </div>
      <TreemapDetails coin={shown?.coin} />
    </div>
  );
}
