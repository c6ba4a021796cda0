import type { AppDeps } from '../../app-deps';
import { priceQuerySchema, type MarketCoin } from '../../contracts/market';
import { prepareJson, sendPreparedJson, type PreparedJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentCoins, presentPrice } from './market.presenter';
import { createMarketService, type MarketAnswer } from './market.service';

const isSameAnswer = (a: MarketAnswer<unknown>, b: MarketAnswer<unknown>) =>
  a.payload === b.payload && a.asOf.getTime() === b.asOf.getTime() && a.live === b.live && a.source === b.source;

export function registerMarketRoutes(api: ApiRouter, deps: AppDeps) {
  const market = createMarketService(deps);
  // The answer changes at most once a refresh: serialised once per answer, not per request.
  let coins: { answer: MarketAnswer<MarketCoin[]>; prepared: PreparedJson } | undefined;

  api.addPublicRead('/api/market/coins', async (ctx) => {
    const answer = await market.topCoins();
    // The held answer is one object until the next refresh: most requests stop at the identity check.
    if (coins?.answer !== answer && (!coins || !isSameAnswer(coins.answer, answer)))
      coins = { answer, prepared: prepareJson(presentCoins(answer)) };
    sendPreparedJson(ctx, coins.prepared);
  });

  api.add('get', '/api/market/price', 'public', async (ctx) => {
    const { currency } = parseOrThrow(priceQuerySchema, ctx.query, 'Unsupported currency');
    ctx.body = presentPrice(await market.bitcoinPrices(), currency);
  });
}
