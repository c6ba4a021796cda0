import type { AppDeps } from '../../app-deps';
import type { ApiRouter } from '../../lib/routing';
import { investmentsOf } from '../investments/investments.api';
import { investorBalances } from '../ledger/ledger.api';
import { presentAssets } from './dashboard.presenter';

/** GET /api/assets: where the investor's money is right now, straight from their ledger accounts, and every plan they hold or held. */
export function registerAssetRoutes(api: ApiRouter, { db }: AppDeps) {
  api.add('get', '/api/assets', 'investor', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const [balances, investments] = await Promise.all([investorBalances(db, userId), investmentsOf(db, userId)]);
    ctx.body = presentAssets(balances, investments);
  });
}
