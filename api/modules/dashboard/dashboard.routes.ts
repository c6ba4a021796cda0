import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber, pageSize, safeString } from '../../contracts/input-rules';
import { centsToDollars } from '../../contracts/money';
import { admitCheckedSession, sessionToCheck, type ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { referralLinkFor } from '../accounts/accounts.presenter';
import { presentInvestment } from '../investments/investments.routes';
import { dashboardForSession, transactionHistory } from './dashboard.repo';

const historyQuery = z.object({
  tab: z.enum(['deposit', 'withdrawal', 'others']).default('deposit'),
  type: safeString().trim().max(50).optional(),
  page: pageNumber,
  pageSize: pageSize(100, 5),
});

export function registerDashboardRoutes(api: ApiRouter, { db, config, sessions }: AppDeps) {
  // The hottest reads: their one statement also checks the session (one round trip, not two).
  api.addCheckingSessionInQuery('get', '/api/dashboard', 'investor', async (ctx) => {
    const dashboard = admitCheckedSession(ctx, await dashboardForSession(db, sessions.liveSessionSql(sessionToCheck(ctx))), 'investor');
    const { flows } = dashboard;
    ctx.body = {
      balances: {
        accountBalance: centsToDollars(dashboard.available),
        totalProfit: centsToDollars(flows.totalProfit),
        bonus: centsToDollars(flows.bonus),
        referralBonus: centsToDollars(flows.referralBonus),
        totalDeposit: centsToDollars(flows.totalDeposit),
        totalWithdrawal: centsToDollars(flows.totalWithdrawal),
      },
      activePlans: dashboard.active.map(presentInvestment).map(({ id, planName, amount, expectedReturn, startsAt, maturesAt }) =>
        ({ id, planName, amount, expectedReturn, startsAt, maturesAt })),
      referralLink: referralLinkFor(config.env.PUBLIC_URL, dashboard.referralCode),
    };
  });

  api.addCheckingSessionInQuery('get', '/api/transactions', 'investor', async (ctx) => {
    const { tab, type, page, pageSize } = parseOrThrow(historyQuery, ctx.query);
    const history = await transactionHistory(db, sessions.liveSessionSql(sessionToCheck(ctx)), tab, type, page, pageSize);
    const { rows, total } = admitCheckedSession(ctx, history, 'investor');
    ctx.body = {
      items: rows.map((row) => ({
        id: row.id, date: new Date(row.date).toISOString(), type: row.type, via: row.via, status: row.status, amount: centsToDollars(Number(row.amount_cents)),
      })),
      total, page, pageSize,
    };
  });
}
