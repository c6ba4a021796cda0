import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import serve from 'koa-static';
import type { RouteShellIndex } from './contracts/route-shells';
import type { AppDeps } from './app-deps';
import { notFound } from './lib/errors';
import { ApiRouter } from './lib/routing';
import { authenticate, sessionCookie, type AppState } from './middleware/authenticate';
import { refuseUnreadableBody } from './middleware/body-errors';
import { requestContext } from './middleware/request-context';
import { requireAdminEnrolment } from './middleware/require-admin-enrolment';
import { securityHeaders } from './middleware/security-headers';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerMarketRoutes } from './modules/market/market.routes';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes';
import { registerSiteRoutes } from './modules/site/site.routes';
import { registerAdminExportRoutes } from './modules/admin/admin-export.routes';
import { registerAdminReceiptRoutes } from './modules/admin/admin-receipts.routes';
import { registerAdminReportRoutes } from './modules/admin/admin-reports.routes';
import { registerAdminUserRoutes } from './modules/admin/admin-users.routes';
import { registerChainDepositRoutes } from './modules/chain-deposits/chain-deposits.routes';
import { registerAssetRoutes } from './modules/dashboard/assets.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerDepositRoutes } from './modules/deposits/deposits.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerPushRoutes } from './modules/push/push.routes';
import { registerInvestmentRoutes } from './modules/investments/investments.routes';
import { registerPlanRoutes } from './modules/plans/plans.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/withdrawals.routes';
import { registerSessionRoutes } from './modules/sessions/sessions.routes';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { registerPayoutAddressRoutes } from './modules/payout-addresses/payout-addresses.routes';
import { registerProofOfLiabilitiesRoutes } from './modules/proof-of-liabilities/proof-of-liabilities.routes';

export const maxJsonBody = '100kb';
/** Where an investor page sends a visitor without a session (the PWA's paths.signIn). */
const signInPath = '/sign-in';

export function createApp(deps: AppDeps, options: { staticDir?: string } = {}) {
  const { config, db, logger, sessions } = deps;
  const app = new Koa<AppState>();
  // The client address is the one the outermost trusted proxy appended, counted from the right:
  // entries to its left are whatever the client wrote and would let it dodge every rate limit.
  app.proxy = config.env.TRUST_PROXY > 0;
  app.maxIpsCount = config.env.TRUST_PROXY;
  app.silent = true;

  const api = new ApiRouter();
  registerHealthRoutes(api, db);
  registerSiteRoutes(api, deps);
  registerAccountRoutes(api, deps);
  registerAdminRoutes(api, deps);
  registerPlanRoutes(api, deps);
  registerDepositRoutes(api, deps);
  registerChainDepositRoutes(api, deps);
  registerNotificationRoutes(api, deps);
  registerPushRoutes(api, deps);
  registerInvestmentRoutes(api, deps);
  registerWithdrawalRoutes(api, deps);
  registerReferralRoutes(api, deps);
  registerDashboardRoutes(api, deps);
  registerAssetRoutes(api, deps);
  registerAdminReportRoutes(api, deps);
  registerAdminUserRoutes(api, deps);
  registerAdminReceiptRoutes(api, deps);
  registerAdminExportRoutes(api, deps);
  registerMarketRoutes(api, deps);
  registerContactRoutes(api, deps);
  registerNewsletterRoutes(api, deps);
  registerSessionRoutes(api, deps);
  registerTwoFactorRoutes(api, deps);
  registerPayoutAddressRoutes(api, deps);
  registerProofOfLiabilitiesRoutes(api, deps);

  app.use(requestContext(logger));
  for (const middleware of securityHeaders(config.operator)) app.use(middleware);
  app.use(api.servePublicReads);
  app.use(
    koaBody({
      jsonLimit: maxJsonBody,
      formLimit: maxJsonBody,
      textLimit: maxJsonBody,
      // DELETE /api/push-subscriptions names the browser's endpoint in its body.
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      onError: refuseUnreadableBody,
    }),
  );
  app.use(authenticate(db, sessions, config.env.PUBLIC_URL, api.checksSessionInQuery));
  app.use(requireAdminEnrolment(deps));
  app.use(api.router.routes());
  app.use(api.router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw notFound();
    await next();
  });
  if (options.staticDir && existsSync(options.staticDir)) serveStaticPwa(app, options.staticDir);

  return { app, routeTable: api.table };
}

/**
 * Serves the built PWA; any other GET falls back to index.html so client routes deep-link. The build writes
 * .br and .gz copies of its text files (pwa/build/precompress-plugin.ts), sent to browsers that accept them.
 */
function serveStaticPwa(app: Koa<AppState>, staticDir: string) {
  // Pages whose HTML names their own chunks (pwa/build/route-shells-plugin.ts). An investor page asked for without
  // a session cookie goes straight to sign-in, where the investor layout would send the visitor after asking
  // for the session.
  const routeShells = readRouteShells(staticDir);
  app.use(async (ctx, next) => {
    const shell = routeShells[ctx.path];
    const wantsPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('html') === 'html';
    if (!shell || !wantsPage) return next();
    ctx.vary('Cookie');
    if (shell.signedInOnly && !ctx.cookies.get(sessionCookie)) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.redirect(signInPath);
      return;
    }
    // A page with its first screen written in English (the landing, sign-in) sends that to English readers.
    sendShell(
      ctx,
      join(staticDir, 'shells', shell.servedFile && readsEnglishFirst(ctx) ? shell.servedFile : shell.file),
    );
  });
  app.use(
    serve(staticDir, {
      setHeaders(res, path) {
        const hashed = path.includes(`${join(staticDir, 'assets')}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // A missing file (/coins/x.svg, /locales/xx/y.json) is a 404, not the app's page.
    if (/\.[a-z0-9]+$/i.test(ctx.path) || ctx.accepts('html') !== 'html') return next();
    sendShell(ctx, join(staticDir, 'index.html'));
  });
}

function readRouteShells(staticDir: string): RouteShellIndex {
  const index = join(staticDir, 'shells', 'routes.json');
  return existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as RouteShellIndex) : {};
}

const copySuffix = { br: '.br', gzip: '.gz' } as const;

/** An HTML shell, never cached without revalidation, in its brotli or gzip copy when the browser takes one. */
function sendShell(ctx: Koa.Context, file: string) {
  // Brotli first whenever accepted, as koa-send chooses for the other files.
  const encoding = (['br', 'gzip'] as const).find(
    (name) => ctx.acceptsEncodings(name, 'identity') === name && existsSync(file + copySuffix[name]),
  );
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.vary('Accept-Language');
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = createReadStream(encoding ? file + copySuffix[encoding] : file);
}

/**
 * The language the PWA will show (pwa/src/lib/i18n/i18n.ts): the visitor's choice (its `language` cookie), else the
 * browser's first language: English when that is English or none.
 */
function readsEnglishFirst(ctx: Koa.Context): boolean {
  const chosen = ctx.cookies.get('language');
  if (chosen) return chosen === 'en';
  const first = ctx.acceptsLanguages()[0] ?? '*';
  return first === '*' || first.toLowerCase() === 'en' || first.toLowerCase().startsWith('en-');
}
