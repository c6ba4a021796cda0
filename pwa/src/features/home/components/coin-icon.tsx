import { useState } from 'react';
import { ACCEPTED_COIN_SYMBOLS } from '../../../config/constants';

const shipped = new Set<string>(ACCEPTED_COIN_SYMBOLS);

/** Our own icon for the accepted coins, the API's image for others (only absolute URLs), else a monogram. */
export function coinIconSource(symbol: string, image: string | undefined): string | undefined {
  const lower = symbol.toLowerCase();
  if (shipped.has(lower)) return `/coins/${lower}.svg`;
  return image && /^https:\/\//.test(image) ? image : undefined;
}

export function CoinIcon({ symbol, image, size = 24 }: { symbol: string; image?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const source = coinIconSource(symbol, image);
  if (!source || failed) {
    return (
      <span
        className="coin-monogram"
        aria-hidden="true"
        style={{ inlineSize: size, blockSize: size, fontSize: size * 0.42 }}
      >
        {symbol.slice(0, 3).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={source}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      className="coin-icon"
    />
  );
}
