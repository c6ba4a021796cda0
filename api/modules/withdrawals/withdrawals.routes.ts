import type { AppDeps } from '../../app-deps';
import { rejectSchema } from '../../contracts/deposits';
import { withdrawalListQuerySchema } from '../../contracts/admin';
import { approveWithdrawalSchema, withdrawalSchema } from '../../contracts/investments';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createTwoFactorService } from '../identity/two-factor/two-factor.service';
import { presentAdminWithdrawal, presentWithdrawal } from './withdrawals.presenter';
import { createWithdrawalService } from './withdrawals.service';

const withdrawalId = (params: unknown) => uuidParam(params, 'Withdrawal not found');

export function registerWithdrawalRoutes(api: ApiRouter, deps: AppDeps) {
  const withdrawals = createWithdrawalService(deps);
  const twoFactor = createTwoFactorService(deps);

  api.add('post', '/api/withdrawals', 'investor', async (ctx) => {
    const input = parseOrThrow(withdrawalSchema, ctx.request.body);
    await twoFactor.requireCodeIfEnabled(ctx.state.auth!.userId, input.code, () =>
      deps.rateLimit('twoFactor', ctx, ctx.state.auth!.userId),
    );
    const created = await withdrawals.request(ctx.state.auth!.userId, input.amount, input.method);
    ctx.status = 201;
    ctx.body = { withdrawal: presentWithdrawal(created) };
  });

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
