import type { AppDeps } from '../../app-deps';
import { centsToDollars } from '../../contracts/money';
import type { ApiRouter } from '../../lib/routing';
import { investmentsOf, presentInvestment } from '../investments/investments.routes';
import { investorBalances } from '../ledger/ledger.service';

/** GET /api/assets: where the investor's money is right now, straight from their ledger accounts, and every plan they hold or held. */
export function registerAssetRoutes(api: ApiRouter, { db }: AppDeps) {
  api.add('get', '/api/assets', 'investor', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const [balances, investments] = await Promise.all([investorBalances(db, userId), investmentsOf(db, userId)]);
    ctx.body = {
      holdings: {
        available: centsToDollars(balances.available),
        invested: centsToDollars(balances.invested),
        pendingWithdrawal: centsToDollars(balances.pendingWithdrawal),
        total: centsToDollars(balances.available + balances.invested + balances.pendingWithdrawal),
      },
      investments: investments.map(presentInvestment),
    };
  });
}
