import type { AppDeps } from '../../app-deps';
import { publicOperatorConfig } from '../../config/operator';
import { offeredWithdrawalMethods } from '../../contracts/investments';
import { prepareJson } from '../../lib/prepared-json';
import type { ApiRouter } from '../../lib/routing';
import { onChainCoins } from '../chain-deposits/chain-deposits.api';

export function registerSiteRoutes(api: ApiRouter, { config }: AppDeps) {
  const { chains } = config.operator;
  const body = {
    ...publicOperatorConfig(config.operator),
    onChainCoins: onChainCoins(chains),
    withdrawalMethods: offeredWithdrawalMethods(chains),
  };
  api.add('get', '/api/config', 'public', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
  return { operatorConfig: prepareJson(body) };
}
