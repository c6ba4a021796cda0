import type { ChainCoin } from '../../config/chains';
import type { Clock } from '../../lib/clock';
import type { MarketService } from '../market/market.service';
import { rateText } from './amounts';

/** Quotes and late credits use only market data fetched this recently: never the sample, never a stale copy. */
export const maxRateAgeMs = 5 * 60_000;

const marketIds: Record<Exclude<ChainCoin, 'usdt'>, string> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  dogecoin: 'dogecoin',
  litecoin: 'litecoin',
  bnb: 'binancecoin',
  shiba: 'shiba-inu',
};

export interface LiveRate {
  /** USD per coin, a decimal string. */
  rate: string;
  asOf: Date;
}

export type LiveRates = (coin: ChainCoin) => Promise<LiveRate | undefined>;

export function createLiveRates(market: MarketService, clock: Clock): LiveRates {
  return async (coin) => {
    // A dollar stablecoin is taken at par.
    if (coin === 'usdt') return { rate: '1', asOf: clock.now() };
    const answer = await market.topCoins();
    if (!answer.live || clock.now().getTime() - answer.asOf.getTime() > maxRateAgeMs) return undefined;
    const price = answer.payload.find((entry) => entry.id === marketIds[coin])?.current_price;
    return price && price > 0 ? { rate: rateText(price), asOf: answer.asOf } : undefined;
  };
}
