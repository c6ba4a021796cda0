import type { AppDeps } from '../../app-deps';
import { priceQuerySchema } from '../../contracts/market';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentCoins, presentPrice } from './market.presenter';
import { createMarketService } from './market.service';

export function registerMarketRoutes(api: ApiRouter, deps: AppDeps) {
  const market = createMarketService(deps);

  api.add('get', '/api/market/coins', 'public', async (ctx) => {
    ctx.body = presentCoins(await market.topCoins());
  });

  api.add('get', '/api/market/price', 'public', async (ctx) => {
    const { currency } = parseOrThrow(priceQuerySchema, ctx.query, 'Unsupported currency');
    ctx.body = presentPrice(await market.bitcoinPrices(), currency);
  });
}
