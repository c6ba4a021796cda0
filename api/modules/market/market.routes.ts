import type { AppDeps } from '../../app-deps';
import { priceQuerySchema, type MarketCoin } from '../../contracts/market';
import { prepareJson, sendPreparedJson, type PreparedJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentCoins, presentPrice } from './market.presenter';
import { createMarketService, type MarketAnswer, type MarketService } from './market.service';

const isSameAnswer = (a: MarketAnswer<unknown>, b: MarketAnswer<unknown>) =>
  a.payload === b.payload && a.asOf.getTime() === b.asOf.getTime() && a.live === b.live && a.source === b.source;

/** The coin list as GET /api/market/coins sends it: serialised once per answer, not per request. */
function preparedCoins(market: MarketService) {
  let coins: { answer: MarketAnswer<MarketCoin[]>; prepared: PreparedJson } | undefined;
  const prepared = (answer: MarketAnswer<MarketCoin[]>) => {
    // The held answer is one object until the next refresh: most requests stop at the identity check.
    if (coins?.answer !== answer && (!coins || !isSameAnswer(coins.answer, answer)))
      coins = { answer, prepared: prepareJson(presentCoins(answer)) };
    return coins.prepared;
  };
  return {
    get: async () => prepared(await market.topCoins()),
    /** The list if the answer held is current, without waiting for a refresh (market.service.ts `ifCurrent`). */
    ifCurrent: () => {
      const answer = market.topCoins.ifCurrent();
      return answer && prepared(answer);
    },
  };
}

export function registerMarketRoutes(api: ApiRouter, deps: AppDeps) {
  const market = createMarketService(deps);
  const coins = preparedCoins(market);

  api.addPublicRead('/api/market/coins', async (ctx) => {
    sendPreparedJson(ctx, await coins.get());
  });

  api.add('get', '/api/market/price', 'public', async (ctx) => {
    const { currency } = parseOrThrow(priceQuerySchema, ctx.query, 'Unsupported currency');
    ctx.body = presentPrice(await market.bitcoinPrices(), currency);
  });

  return { currentCoins: coins.ifCurrent };
}
