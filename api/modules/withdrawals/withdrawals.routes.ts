import type { AppDeps } from '../../app-deps';
import { rejectSchema } from '../../contracts/deposits';
import { withdrawalListQuerySchema } from '../../contracts/admin';
import { approveWithdrawalSchema, withdrawalSchema } from '../../contracts/investments';
import { uuidParam } from '../../lib/ids';
import type { Middleware } from 'koa';
import type { AppState } from '../../lib/app-state';
import { idempotentTransaction } from '../../lib/idempotent-route';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createTwoFactorService } from '../identity/two-factor/two-factor.service';
import { presentAdminWithdrawal, presentWithdrawal } from './withdrawals.presenter';
import { createWithdrawalService } from './withdrawals.service';
import { requireCurrentTerms } from '../terms/terms.api';

const withdrawalId = (params: unknown) => uuidParam(params, 'Withdrawal not found');

export function registerWithdrawalRoutes(api: ApiRouter, deps: AppDeps) {
  const withdrawals = createWithdrawalService(deps);
  const twoFactor = createTwoFactorService(deps);

  // A request retried with its Idempotency-Key (a lost answer, a replica gone) holds the money once. The two-factor
  // code and a payout address whose hold is over are settled first (their own commits); a replay skips them.
  const requestOnce = {
    scope: 'request-withdrawal',
    db: deps.db,
    clock: deps.clock,
    unfingerprinted: ['code'],
    async checkFirst(ctx: Parameters<Middleware<AppState>>[0]) {
      const input = parseOrThrow(withdrawalSchema, ctx.request.body);
      // Before the two-factor code is spent: the investor accepts the new terms and sends the same code again.
      await requireCurrentTerms(deps.db, deps.config, ctx.state.auth!.userId);
      await twoFactor.requireCodeIfEnabled(ctx.state.auth!.userId, input.code, () =>
        deps.rateLimit('twoFactor', ctx, ctx.state.auth!.userId),
      );
      await withdrawals.activateDueAddress(ctx.state.auth!.userId);
    },
  };
  api.add(
    'post',
    '/api/withdrawals',
    'investor',
    idempotentTransaction(requestOnce, async (ctx, trx) => {
      const input = parseOrThrow(withdrawalSchema, ctx.request.body);
      await requireCurrentTerms(trx, deps.config, ctx.state.auth!.userId);
      const created = await withdrawals.request(trx, ctx.state.auth!.userId, input.amount, input.method);
      ctx.status = 201;
      ctx.body = { withdrawal: presentWithdrawal(created) };
    }),
  );

  api.add('get', '/api/withdrawals', 'investor', async (ctx) => {
    const { rows, heights } = await withdrawals.listOf(ctx.state.auth!.userId);
    ctx.body = { withdrawals: rows.map((row) => presentWithdrawal(row, withdrawals.progress(heights))) };
  });

  api.add('get', '/api/admin/withdrawals', 'admin', async (ctx) => {
    const query = parseOrThrow(withdrawalListQuerySchema, ctx.query);
    const { total, rows, heights } = await withdrawals.adminPage(query);
    const progress = withdrawals.progress(heights);
    ctx.body = {
      withdrawals: rows.map((row) => presentAdminWithdrawal(row, progress)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  api.add('post', '/api/admin/withdrawals/:id/approve', 'admin', async (ctx) => {
    const { txHash } = parseOrThrow(approveWithdrawalSchema, ctx.request.body);
    const { paidBy, row } = await withdrawals.approve(ctx.state.auth!.userId, withdrawalId(ctx.params), txHash);
    const withdrawal = presentWithdrawal(row, withdrawals.progress(new Map()));
    if (paidBy === 'hand') ctx.body = { message: 'Withdrawal marked as paid', withdrawal };
    else if (row.status === 'broadcast') {
      // Accepted: the payment is on chain and counts as paid once confirmed.
      ctx.status = 202;
      ctx.body = { message: 'Payment found on chain; paid once confirmed', withdrawal };
    } else if (row.chain && deps.config.operator.chains[row.chain]?.kind === 'utxo')
      ctx.body = { message: 'Withdrawal approved: it waits for a payout batch on the Payouts page', withdrawal };
    else ctx.body = { message: 'Withdrawal approved: pay the coin amount, then enter the hash', withdrawal };
  });

  api.add('post', '/api/admin/withdrawals/:id/reject', 'admin', async (ctx) => {
    const { reason } = parseOrThrow(rejectSchema, ctx.request.body);
    await withdrawals.reject(ctx.state.auth!.userId, withdrawalId(ctx.params), reason);
    ctx.body = { message: 'Withdrawal rejected; the amount is back in the available balance' };
  });
}
