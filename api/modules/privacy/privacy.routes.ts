import type { AppDeps } from '../../app-deps';
import { dataExportQuerySchema, eraseMyAccountSchema } from '../../contracts/privacy';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { sendDataExport } from './privacy.presenter';
import { createPrivacyService } from './privacy.service';

const userId = (params: unknown) => uuidParam(params, 'User not found');

/** An investor's data, exported or erased, by themselves or by an admin from their page (issue 37). */
export function registerPrivacyRoutes(api: ApiRouter, deps: AppDeps) {
  const privacy = createPrivacyService(deps);

  api.add('get', '/api/me/export', 'investor', async (ctx) => {
    const { format } = parseOrThrow(dataExportQuerySchema, ctx.query);
    const me = ctx.state.auth!.userId;
    sendDataExport(ctx, await privacy.exportOf(me, me, format), format, 'my-data');
  });

  api.add('get', '/api/admin/users/:id/export', 'admin', async (ctx) => {
    const { format } = parseOrThrow(dataExportQuerySchema, ctx.query);
    const subject = userId(ctx.params);
    sendDataExport(
      ctx,
      await privacy.exportOf(ctx.state.auth!.userId, subject, format),
      format,
      `user-${subject}-data`,
    );
  });

  api.add('post', '/api/me/erase', 'investor', async (ctx) => {
    const input = parseOrThrow(eraseMyAccountSchema, ctx.request.body);
    const me = ctx.state.auth!.userId;
    await privacy.eraseMine(me, input.password, input.code, () => deps.rateLimit('twoFactor', ctx, me));
    ctx.body = { erased: true };
  });

  api.add('post', '/api/admin/users/:id/erase', 'admin', async (ctx) => {
    await privacy.eraseByAdmin(ctx.state.auth!.userId, userId(ctx.params));
    ctx.body = { erased: true };
  });
}
