import type { Middleware } from 'koa';
import type { AppDeps } from '../../app-deps';
import { kycImageFields, kycListQuerySchema, kycRejectSchema, type KycStatusAnswer } from '../../contracts/kyc';
import type { AppState } from '../../lib/app-state';
import { notFound } from '../../lib/domain-errors';
import { idempotentTransaction } from '../../lib/idempotent-route';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { presentAdminKyc, presentKycSummary, sendKycDocument } from './kyc.presenter';
import { createKycService } from './kyc.service';
import { kycMultipart, kycUploadParts, readKycUpload } from './kyc-upload';

const submissionId = (params: unknown) => uuidParam(params, 'Submission not found');

export function registerKycRoutes(api: ApiRouter, deps: AppDeps) {
  const { db } = deps;
  const kyc = createKycService(deps);

  const status = async (userId: string): Promise<KycStatusAnswer> => {
    const { level, limits, latest, emailVerified } = await kyc.statusOf(db, userId);
    return { level, limits, emailVerified, submission: latest ? presentKycSummary(latest) : null };
  };

  api.add('get', '/api/kyc', 'investor', async (ctx) => {
    ctx.body = await status(ctx.state.auth!.userId);
  });

  // Sent again with its Idempotency-Key (a phone that lost the answer), it applies once and answers the same.
  const submit: Middleware<AppState> = async (ctx, next) => {
    // Checked before the key is claimed: a refused upload leaves no submission and no idempotency row.
    const received = await readKycUpload(ctx);
    await idempotentTransaction(
      { scope: 'kyc-submission', db, clock: deps.clock, requestParts: () => kycUploadParts(received) },
      async (ctx, trx) => {
        const submission = await kyc.submit(trx, ctx.state.auth!.userId, received.fields, received.images);
        ctx.status = 201;
        ctx.body = { message: 'Identity submitted for review', submission: presentKycSummary(submission) };
      },
    )(ctx, next);
  };
  api.add('post', '/api/kyc', 'investor', kycMultipart, submit);

  // The admin's user page: the investor's level and latest submission (no personal fields, no images).
  api.add('get', '/api/admin/users/:id/kyc', 'admin', async (ctx) => {
    const userId = uuidParam(ctx.params, 'User not found');
    const { level, latest } = await kyc.levelOf(db, userId);
    ctx.body = { level, submission: latest ? { id: latest.id, ...presentKycSummary(latest) } : null };
  });

  api.add('get', '/api/admin/kyc', 'admin', async (ctx) => {
    const query = parseOrThrow(kycListQuerySchema, ctx.query);
    const { total, rows } = await kyc.adminPage(query);
    ctx.body = { submissions: rows.map(presentAdminKyc), total, page: query.page, pageSize: query.pageSize };
  });

  api.add('get', '/api/admin/kyc/:id', 'admin', async (ctx) => {
    ctx.body = { submission: presentAdminKyc(await kyc.adminDetail(submissionId(ctx.params))) };
  });

  // Only admins ever read the images, shown in the page but sandboxed like receipts.
  api.add('get', '/api/admin/kyc/:id/documents/:kind', 'admin', async (ctx) => {
    const id = submissionId(ctx.params);
    const kind = kycImageFields.find((field) => field === ctx.params.kind);
    if (!kind) throw notFound('Document not found');
    sendKycDocument(ctx, id, kind, await kyc.document(id, kind));
  });

  api.add('post', '/api/admin/kyc/:id/approve', 'admin', async (ctx) => {
    const approved = await kyc.approve(ctx.state.auth!.userId, submissionId(ctx.params));
    ctx.body = { message: 'Identity approved', submission: presentKycSummary(approved) };
  });

  api.add('post', '/api/admin/kyc/:id/reject', 'admin', async (ctx) => {
    const { reason } = parseOrThrow(kycRejectSchema, ctx.request.body);
    const rejected = await kyc.reject(ctx.state.auth!.userId, submissionId(ctx.params), reason);
    ctx.body = { message: 'Identity rejected', submission: presentKycSummary(rejected) };
  });
}
