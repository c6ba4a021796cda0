import { existsSync } from 'node:fs';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { AppDeps } from './app-deps';
import { notFound } from './lib/domain-errors';
import { ApiRouter } from './lib/routing';
import type { AppState } from './lib/app-state';
import { authenticate } from './middleware/authenticate';
import { refuseUnreadableBody } from './middleware/body-errors';
import { requestContext } from './middleware/request-context';
import { requireAdminEnrolment } from './middleware/require-admin-enrolment';
import { securityHeaders } from './middleware/security-headers';
import { serveStaticPwa } from './static-pwa';
import { registerAccountRoutes } from './modules/identity/accounts/accounts.routes';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerMarketRoutes } from './modules/market/market.routes';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes';
import { createServedAnswers } from './modules/site/served-answers';
import { registerSiteRoutes } from './modules/site/site.routes';
import { registerAdminExportRoutes } from './modules/admin/admin-export.routes';
import { registerAdminReceiptRoutes } from './modules/admin/admin-receipts.routes';
import { registerAdminReportRoutes } from './modules/admin/admin-reports.routes';
import { registerAdminUserRoutes } from './modules/admin/admin-users.routes';
import { registerChainDepositRoutes } from './modules/chain-deposits/chain-deposits.routes';
import { registerAssetRoutes } from './modules/dashboard/assets.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerDepositRoutes } from './modules/deposits/deposits.routes';
import { registerKycRoutes } from './modules/kyc/kyc.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerPushRoutes } from './modules/push/push.routes';
import { registerInvestmentRoutes } from './modules/investments/investments.routes';
import { registerPlanRoutes } from './modules/plans/plans.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { registerWithdrawalRoutes } from './modules/withdrawals/withdrawals.routes';
import { registerKycLimitRoutes } from './modules/kyc/kyc-limits.routes';
import { registerPayoutBatchRoutes } from './modules/withdrawals/payout-batches.routes';
import { registerSessionRoutes } from './modules/identity/sessions/sessions.routes';
import { registerTwoFactorRoutes } from './modules/identity/two-factor/two-factor.routes';
import { createTwoFactorService } from './modules/identity/two-factor/two-factor.service';
import { registerPayoutAddressRoutes } from './modules/identity/payout-addresses/payout-addresses.routes';
import { registerProofOfLiabilitiesRoutes } from './modules/proof-of-liabilities/proof-of-liabilities.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { registerSanctionsRoutes } from './modules/sanctions/sanctions.routes';
import { registerTermsRoutes } from './modules/terms/terms.routes';

export const maxJsonBody = '100kb';

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
  const { operatorConfig } = registerSiteRoutes(api, deps);
  registerAccountRoutes(api, deps);
  registerAdminRoutes(api, deps);
  const { plansOnSale } = registerPlanRoutes(api, deps);
  registerDepositRoutes(api, deps);
  registerChainDepositRoutes(api, deps);
  registerNotificationRoutes(api, deps);
  registerPushRoutes(api, deps);
  registerInvestmentRoutes(api, deps);
  registerKycLimitRoutes(api, deps);
  registerWithdrawalRoutes(api, deps);
  registerPayoutBatchRoutes(api, deps);
  registerReferralRoutes(api, deps);
  registerDashboardRoutes(api, deps);
  registerAssetRoutes(api, deps);
  registerAdminReportRoutes(api, deps);
  registerAdminUserRoutes(api, deps);
  registerAdminReceiptRoutes(api, deps);
  registerAdminExportRoutes(api, deps);
  registerKycRoutes(api, deps);
  const { currentCoins } = registerMarketRoutes(api, deps);
  registerContactRoutes(api, deps);
  registerNewsletterRoutes(api, deps);
  registerSessionRoutes(api, deps);
  registerTwoFactorRoutes(api, deps);
  registerPayoutAddressRoutes(api, deps);
  registerProofOfLiabilitiesRoutes(api, deps);
  registerPrivacyRoutes(api, deps);
  registerSanctionsRoutes(api, deps);
  registerTermsRoutes(api, deps);

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
  app.use(requireAdminEnrolment(config, createTwoFactorService(deps).isEnabled));
  app.use(api.router.routes());
  app.use(api.router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw notFound();
    await next();
  });
  if (options.staticDir && existsSync(options.staticDir)) {
    const servedAnswers = createServedAnswers({ operatorConfig, currentCoins, plansOnSale }, logger);
    serveStaticPwa(app, options.staticDir, config.env.PUBLIC_URL, servedAnswers);
  }

  return { app, routeTable: api.table };
}
