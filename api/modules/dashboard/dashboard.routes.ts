import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber, pageSize, safeString } from '../../contracts/input-rules';
import { admitCheckedSession, sessionToCheck, type ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { referralLinkFor } from '../identity/identity.api';
import { onChainHistoryDetails } from '../chain-deposits/chain-deposits.api';
import { presentDashboard, presentHistoryItem } from './dashboard.presenter';
import { investorDashboard, investorHistory } from './dashboard.service';

const historyQuery = z.object({
  tab: z.enum(['deposit', 'withdrawal', 'others']).default('deposit'),
  type: safeString().trim().max(50).optional(),
  page: pageNumber,
  pageSize: pageSize(100, 5),
});

export function registerDashboardRoutes(api: ApiRouter, { db, config, sessions }: AppDeps) {
  // The hottest reads: their one statement also checks the session (one round trip, not two).
  api.addCheckingSessionInQuery('get', '/api/dashboard', 'investor', async (ctx) => {
    const dashboard = admitCheckedSession(
      ctx,
      await investorDashboard(db, sessions.liveSessionSql(sessionToCheck(ctx))),
      'investor',
    );
    ctx.body = presentDashboard(dashboard, referralLinkFor(config.env.PUBLIC_URL, dashboard.referralCode));
  });

  api.addCheckingSessionInQuery('get', '/api/transactions', 'investor', async (ctx) => {
    const { tab, type, page, pageSize } = parseOrThrow(historyQuery, ctx.query);
    const history = await investorHistory(db, sessions.liveSessionSql(sessionToCheck(ctx)), {
      tab,
      type,
      page,
      pageSize,
    });
    const { rows, total } = admitCheckedSession(ctx, history, 'investor');
    const onChain = await onChainHistoryDetails(
      db,
      config.operator.chains,
      rows.map((row) => row.id),
    );
    ctx.body = {
      items: rows.map((row) => presentHistoryItem(row, tab === 'deposit', onChain.get(row.id))),
      total,
      page,
      pageSize,
    };
  });
}
