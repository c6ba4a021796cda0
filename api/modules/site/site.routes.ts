import type { AppDeps } from '../../app-deps';
import { publicOperatorConfig } from '../../config/operator';
import { prepareJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { onChainCoins } from '../chain-deposits/chain-deposits.api';

export function registerSiteRoutes(api: ApiRouter, { config }: AppDeps) {
  const body = { ...publicOperatorConfig(config.operator), onChainCoins: onChainCoins(config.operator.chains) };
  api.add('get', '/api/config', 'public', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
  return { operatorConfig: prepareJson(body) };
}
