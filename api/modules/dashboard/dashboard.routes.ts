import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber, pageSize, safeString } from '../../contracts/input-rules';
import { centsToDollars } from '../../contracts/money';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { referralLinkFor } from '../accounts/accounts.presenter';
import { investmentsOf, presentInvestment } from '../investments/investments.routes';
import { investorBalances } from '../ledger/ledger.service';
import { systemFlowsFor, transactionHistory } from './dashboard.repo';

const historyQuery = z.object({
  tab: z.enum(['deposit', 'withdrawal', 'others']).default('deposit'),
  type: safeString().trim().max(50).optional(),
  page: pageNumber,
  pageSize: pageSize(100, 5),
});

export function registerDashboardRoutes(api: ApiRouter, { db, config }: AppDeps) {
  api.add('get', '/api/dashboard', 'investor', async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const [balances, flows, active, user] = await Promise.all([
      investorBalances(db, userId),
      systemFlowsFor(db, userId),
      investmentsOf(db, userId).where('i.status', 'active'),
      db('users').where({ id: userId }).first<{ referral_code: string }>('referral_code'),
    ]);
    ctx.body = {
      balances: {
        accountBalance: centsToDollars(balances.available),
        totalProfit: centsToDollars(flows.totalProfit),
        bonus: centsToDollars(flows.bonus),
        referralBonus: centsToDollars(flows.referralBonus),
        totalDeposit: centsToDollars(flows.totalDeposit),
        totalWithdrawal: centsToDollars(flows.totalWithdrawal),
      },
      activePlans: active.map(presentInvestment).map(({ id, planName, amount, expectedReturn, startsAt, maturesAt }) =>
        ({ id, planName, amount, expectedReturn, startsAt, maturesAt })),
      referralLink: referralLinkFor(config.env.PUBLIC_URL, user.referral_code),
    };
  });

  api.add('get', '/api/transactions', 'investor', async (ctx) => {
    const { tab, type, page, pageSize } = parseOrThrow(historyQuery, ctx.query);
    const { rows, total } = await transactionHistory(db, ctx.state.auth!.userId, tab, type, page, pageSize);
    ctx.body = {
      items: rows.map((row) => ({
        id: row.id, date: new Date(row.date).toISOString(), type: row.type, via: row.via, status: row.status, amount: centsToDollars(Number(row.amount_cents)),
      })),
      total, page, pageSize,
    };
  });
}
