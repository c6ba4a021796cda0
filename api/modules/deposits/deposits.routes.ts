import type { Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { receiptListQuerySchema } from '../../contracts/admin';
import { rejectSchema } from '../../contracts/deposits';
import { idempotentTransaction } from '../../lib/idempotent-route';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import type { AppState } from '../../lib/app-state';
import { presentDeposit, presentReceipt, sendReceiptFile } from './deposits.presenter';
import { createDepositService } from './deposits.service';
import { readReceiptUpload, receiptMultipart, receiptUploadParts } from './receipt-upload';
import { requireCurrentTerms } from '../terms/terms.api';

const depositId = (params: unknown) => uuidParam(params, 'Receipt not found');

export function registerDepositRoutes(api: ApiRouter, deps: AppDeps) {
  const { db } = deps;
  const deposits = createDepositService(deps);

  // The PWA's outbox replays a receipt with its Idempotency-Key: one deposit, the first answer sent again.
  const upload: Middleware<AppState> = async (ctx, next) => {
    // Checked before the key is claimed: a refused upload leaves no deposit and no idempotency row.
    const received = await readReceiptUpload(ctx);
    const uploadOnce = {
      scope: 'upload-receipt',
      db,
      clock: deps.clock,
      requestParts: () => receiptUploadParts(received),
    };
    await idempotentTransaction(uploadOnce, async (ctx, trx) => {
      // Inside: a replay of a receipt sent before a new version of the terms gets its stored answer.
      await requireCurrentTerms(trx, deps.config, ctx.state.auth!.userId);
      const { fields, receipt, originalName } = received;
      const deposit = await deposits.create(
        {
          userId: ctx.state.auth!.userId,
          amountCents: fields.amount,
          coin: fields.coin,
          planId: fields.planId,
          planName: fields.planName,
          planVersion: fields.planVersion,
          receipt,
          originalName,
        },
        trx,
      );
      ctx.status = 201;
      ctx.body = { message: 'Receipt uploaded successfully', deposit: presentDeposit(deposit) };
    })(ctx, next);
  };
  api.add('post', '/api/upload-receipt', 'investor', receiptMultipart, upload);
  api.add('post', '/upload-receipt', 'investor', receiptMultipart, upload);

  api.add('get', '/api/deposits', 'investor', async (ctx) => {
    ctx.body = { deposits: (await deposits.listOf(ctx.state.auth!.userId)).map(presentDeposit) };
  });

  api.add('get', '/api/admin/receipts', 'admin', async (ctx) => {
    const query = parseOrThrow(receiptListQuerySchema, ctx.query);
    const { total, rows } = await deposits.adminPage(query);
    ctx.body = { receipts: rows.map(presentReceipt), total, page: query.page, pageSize: query.pageSize };
  });

  api.add('get', '/api/admin/receipts/:id/file', 'admin', async (ctx) => {
    const id = depositId(ctx.params);
    sendReceiptFile(ctx, id, await deposits.receiptFile(id), 'attachment');
  });

  api.add('post', '/api/admin/confirm-receipt/:id', 'admin', async (ctx) => {
    await deposits.confirm(ctx.state.auth!.userId, depositId(ctx.params));
    ctx.body = { message: 'Receipt confirmed' };
  });

  api.add('post', '/api/admin/reject-receipt/:id', 'admin', async (ctx) => {
    const { reason } = parseOrThrow(rejectSchema, ctx.request.body);
    await deposits.reject(ctx.state.auth!.userId, depositId(ctx.params), reason);
    ctx.body = { message: 'Receipt rejected' };
  });
}
