import type { AppDeps } from '../../app-deps';
import { acceptTermsSchema, termsTextQuerySchema, termsVersionRule } from '../../contracts/terms';
import { uuidParam } from '../../lib/ids';
import type { ApiRouter } from '../../lib/routing';
import { readableAddress } from '../../lib/readable-address';
import { parseOrThrow } from '../../lib/validate';
import { presentTermsAcceptance, presentTermsStatus } from './terms.presenter';
import { createTermsService, currentTermsVersion } from './terms.service';

export function registerTermsRoutes(api: ApiRouter, deps: AppDeps) {
  const terms = createTermsService(deps);

  api.add('get', '/api/terms', 'investor', async (ctx) => {
    const { version, accepted } = await terms.status(ctx.state.auth!.userId);
    ctx.body = presentTermsStatus(version, accepted);
  });

  api.add('post', '/api/terms/accept', 'investor', async (ctx) => {
    const { version } = parseOrThrow(acceptTermsSchema, ctx.request.body);
    const accepted = await terms.accept(ctx.state.auth!.userId, version, readableAddress(ctx.ip));
    ctx.body = presentTermsStatus(accepted.version, accepted);
  });

  api.add('get', '/api/terms/acceptances', 'investor', async (ctx) => {
    ctx.body = { acceptances: (await terms.acceptances(ctx.state.auth!.userId)).map(presentTermsAcceptance) };
  });

  // The version a sign-up accepts and the dialog shows, with its text in the asked language.
  api.add('get', '/api/terms/current', 'public', async (ctx) => {
    const { language } = parseOrThrow(termsTextQuerySchema, ctx.query);
    ctx.body = await terms.text(currentTermsVersion(deps.config), language);
  });

  // The operator's published texts: the current version from the locales, an older one as it was first accepted.
  api.add('get', '/api/terms/text/:version', 'public', async (ctx) => {
    const version = parseOrThrow(termsVersionRule, ctx.params.version);
    const { language } = parseOrThrow(termsTextQuerySchema, ctx.query);
    ctx.body = await terms.text(version, language);
  });

  api.add('get', '/api/admin/users/:id/terms', 'admin', async (ctx) => {
    const userId = uuidParam(ctx.params, 'User not found');
    ctx.body = { acceptances: (await terms.acceptances(userId)).map(presentTermsAcceptance) };
  });
}
