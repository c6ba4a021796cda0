import type { MarketCoin, MarketCoinsResponse, MarketPriceResponse, PriceCurrency } from '../../contracts/market';
import type { MarketAnswer } from './market.service';
import type { BitcoinPrices } from './market.upstream';

const meta = (answer: MarketAnswer<unknown>) => ({
  asOf: answer.asOf.toISOString(),
  live: answer.live,
  source: answer.source,
});

export const presentCoins = (answer: MarketAnswer<MarketCoin[]>): MarketCoinsResponse => ({
  coins: answer.payload.map(({ id, name, symbol, image, current_price, price_change_percentage_24h, market_cap }) => ({
    id,
    name,
    symbol,
    image,
    current_price,
    price_change_percentage_24h,
    market_cap,
  })),
  ...meta(answer),
});

export const presentPrice = (answer: MarketAnswer<BitcoinPrices>, currency: PriceCurrency): MarketPriceResponse => ({
  currency,
  price: answer.payload[currency],
  ...meta(answer),
});
