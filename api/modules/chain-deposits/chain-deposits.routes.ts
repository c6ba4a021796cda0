import type { AppDeps } from '../../app-deps';
import { depositQuoteRequestSchema, resolveIncidentSchema } from '../../contracts/deposit-quotes';
import { intParam, uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createMarketService } from '../market/market.service';
import { presentAdminPayment, presentIncident } from './chain-admin.presenter';
import { createChainAdminService } from './chain-admin.service';
import { addressGapOf, presentChainStatus } from './chain-status.presenter';
import { resolveIncident } from './incidents.service';
import { createLiveRates } from './live-rate';
import { presentQuoteWithPayments } from './quotes.presenter';
import { createQuoteService } from './quotes.service';
import { requireCurrentTerms } from '../terms/terms.api';

export function registerChainDepositRoutes(api: ApiRouter, deps: AppDeps) {
  const { config } = deps;
  const quotes = createQuoteService(deps, createLiveRates(createMarketService(deps), deps.clock));
  const chainAdmin = createChainAdminService(deps);

  api.add('post', '/api/deposit-quotes', 'investor', async (ctx) => {
    const { amount, coin } = parseOrThrow(depositQuoteRequestSchema, ctx.request.body);
    await requireCurrentTerms(deps.db, config, ctx.state.auth!.userId);
    await deps.rateLimit.forAccount('depositQuote', ctx.state.auth!.userId);
    const { found, refreshed } = await quotes.create(ctx.state.auth!.userId, amount, coin);
    // Asked again while open and unpaid: the same quote and address, with the new amount, rate and expiry.
    ctx.status = refreshed ? 200 : 201;
    ctx.body = { quote: presentQuoteWithPayments(found, config.operator.chains).quote };
  });

  api.add('get', '/api/deposit-quotes', 'investor', async (ctx) => {
    const found = await quotes.recent(ctx.state.auth!.userId);
    ctx.body = { quotes: found.map((one) => presentQuoteWithPayments(one, config.operator.chains)) };
  });

  api.add('get', '/api/deposit-quotes/:id', 'investor', async (ctx) => {
    const found = await quotes.forOwner(ctx.state.auth!.userId, uuidParam(ctx.params, 'Quote not found'));
    ctx.body = presentQuoteWithPayments(found, config.operator.chains);
  });

  api.add('get', '/api/admin/chains', 'admin', async (ctx) => {
    const { scanners, chains } = await chainAdmin.status();
    ctx.body = {
      chains: chains.map(({ chain, issued, used, gapLimit }) =>
        presentChainStatus(chain, scanners, addressGapOf(issued, used, gapLimit)),
      ),
    };
  });

  api.add('get', '/api/admin/chain-payments', 'admin', async (ctx) => {
    const rows = await chainAdmin.recentPayments();
    ctx.body = { payments: rows.map((row) => presentAdminPayment(row, config.operator.chains)) };
  });

  api.add('get', '/api/admin/chain-incidents', 'admin', async (ctx) => {
    ctx.body = { incidents: (await chainAdmin.incidents()).map(presentIncident) };
  });

  api.add('post', '/api/admin/chain-incidents/:id/resolve', 'admin', async (ctx) => {
    const { resolution } = parseOrThrow(resolveIncidentSchema, ctx.request.body);
    const id = intParam(ctx.params, 'Incident not found');
    ctx.body = { incident: presentIncident(await resolveIncident(deps, ctx.state.auth!.userId, id, resolution)) };
  });
}
