import type { MarketCoin } from '../api/get-market-coins';

/** 100 coins with distinct, descending market caps and a spread of 24 h changes (some unknown). */
export function makeCoins(count = 100): MarketCoin[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `coin-${index + 1}`,
    name: `Coin ${index + 1}`,
    symbol: `c${index + 1}`,
    image: '',
    current_price: 1000 / (index + 1),
    price_change_percentage_24h: index % 7 === 6 ? null : ((index % 11) - 5) * 1.5,
    // Steeply falling caps, like the real market: the first coin dwarfs the rest.
    market_cap: Math.round(2e12 / (index + 1) ** 1.6),
  }));
}
