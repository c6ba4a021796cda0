import type { AppDeps } from '../../app-deps';
import { rejectSchema } from '../../contracts/deposits';
import { approveWithdrawalSchema, withdrawalSchema, withdrawalStatusSchema } from '../../contracts/investments';
import { centsToDollars } from '../../contracts/money';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createTwoFactorService } from '../two-factor/two-factor.service';
import { createWithdrawalService } from './withdrawals.service';

const withdrawalId = (params: unknown) => uuidParam(params, 'Withdrawal not found');

interface WithdrawalRow {
  id: string; user_id: string; amount_cents: number; method: string; address: string; status: string;
  tx_hash: string | null; reject_reason: string | null; created_at: Date;
}

export function presentWithdrawal(row: WithdrawalRow) {
  return {
    id: row.id, amount: centsToDollars(Number(row.amount_cents)), method: row.method, address: row.address,
    status: row.status, txHash: row.tx_hash, rejectReason: row.reject_reason, createdAt: new Date(row.created_at).toISOString(),
  };
}

export function registerWithdrawalRoutes(api: ApiRouter, deps: AppDeps) {
  const { db } = deps;
  const withdrawals = createWithdrawalService(deps);
  const twoFactor = createTwoFactorService(deps);

  api.add('post', '/api/withdrawals', 'investor', async (ctx) => {
    const input = parseOrThrow(withdrawalSchema, ctx.request.body);
    await twoFactor.requireCodeIfEnabled(ctx, ctx.state.auth!.userId, input.code);
    const created = await withdrawals.request(ctx.state.auth!.userId, input.amount, input.method);
    ctx.status = 201;
    ctx.body = { withdrawal: presentWithdrawal(created) };
  });

  api.add('get', '/api/withdrawals', 'investor', async (ctx) => {
    const rows = await db('withdrawals').where({ user_id: ctx.state.auth!.userId }).orderBy('created_at', 'desc');
    ctx.body = { withdrawals: rows.map(presentWithdrawal) };
  });

  api.add('get', '/api/admin/withdrawals', 'admin', async (ctx) => {
    const { status } = parseOrThrow(withdrawalStatusSchema, ctx.query);
    const query = db('withdrawals as w')
      .join('users as u', 'u.id', 'w.user_id')
      .leftJoin('ledger_accounts as a', (join) => join.on('a.owner_id', 'w.user_id').andOnVal('a.kind', 'available'))
      .select('w.*', 'u.email as user_email', db.raw('coalesce(a.balance, 0) as available_cents'))
      .orderBy('w.created_at', 'desc')
      .limit(500);
    if (status) query.where('w.status', status);
    ctx.body = (await query).map((row) => ({
      ...presentWithdrawal(row),
      user: { id: row.user_id, email: row.user_email },
      availableBalance: centsToDollars(Number(row.available_cents)),
    }));
  });

  api.add('post', '/api/admin/withdrawals/:id/approve', 'admin', async (ctx) => {
    const { txHash } = parseOrThrow(approveWithdrawalSchema, ctx.request.body);
    await withdrawals.approve(ctx.state.auth!.userId, withdrawalId(ctx.params), txHash);
    ctx.body = { message: 'Withdrawal marked as paid' };
  });

  api.add('post', '/api/admin/withdrawals/:id/reject', 'admin', async (ctx) => {
    const { reason } = parseOrThrow(rejectSchema, ctx.request.body);
    await withdrawals.reject(ctx.state.auth!.userId, withdrawalId(ctx.params), reason);
    ctx.body = { message: 'Withdrawal rejected; the amount is back in the available balance' };
  });
}
