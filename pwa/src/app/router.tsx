import { createElement, Suspense, use, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { PublicLayout } from '../features/layout/public-layout';
import { Splash } from '../features/layout/splash';

/**
 * Every page is its own chunk, loaded when its route is first visited. The declarative router (BrowserRouter +
 * useRoutes) is about 19 KB gzipped lighter than the data router, which the landing's first load cannot afford.
 */
type Loader<Name extends string> = () => Promise<Record<Name, ComponentType>>;
const preloads = new Map<ReactElement, () => Promise<unknown>>();
/** The text namespaces a page reads on its first render, besides 'common'. */
const pageTexts = new Map<ReactElement, readonly string[]>();
const queryProvider = () => import('../lib/query-provider');

/** A page that reads server data gets the app's query cache with its chunk; the home page's first screen has none. */
function page<Name extends string>(
  load: Loader<Name>,
  name: Name,
  { queries = true, texts = [] as readonly string[] } = {},
) {
  let component: Promise<ComponentType> | undefined;
  const loaded = () => {
    if (!component) {
      const promise = Promise.all([load(), queries ? queryProvider() : undefined]).then(
        ([module, provider]): ComponentType => {
          const Content: ComponentType = module[name];
          if (!provider) return Content;
          const { QueryProvider } = provider;
          return function WithQueryCache() {
            return (
              <QueryProvider>
                <Content />
              </QueryProvider>
            );
          };
        },
      );
      // The status fields React's use() reads: a page loaded before the first render renders at once, with no
      // fallback in place of the landing's server-sent first screen.
      void promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        () => undefined,
      );
      component = promise;
    }
    return component;
  };
  // The page's component comes from its chunk, always the same one: createElement, not a component made in render.
  const Page = () => createElement(use(loaded()));
  const element = <Page />;
  preloads.set(element, loaded);
  pageTexts.set(element, texts);
  return element;
}

/** A signed-in area's layout: the splash covers the wait for its chunk, as on a first start. */
function area<Name extends string>(load: Loader<Name>, name: Name, texts: readonly string[]) {
  const layout = page(load, name, { texts });
  const element = <Suspense fallback={<Splash />}>{layout}</Suspense>;
  preloads.set(element, preloads.get(layout)!);
  pageTexts.set(element, texts);
  return element;
}
const home = page(() => import('../features/home/routes/home-page'), 'HomePage', { queries: false, texts: ['home'] });
// Sign-in, sign-up, services and portfolio read no server data: their first load leaves the query cache out.
const signUp = page(() => import('../features/auth/routes/sign-up-page'), 'SignUpPage', {
  queries: false,
  texts: ['auth'],
});
const cryptoDeposit = page(() => import('../features/deposit/routes/crypto-deposit-page'), 'CryptoDepositPage');

// Investor screens: the investor layout checks the session (GET /api/session) and sends anonymous visitors to sign-in.
const investorRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    element: page(() => import('../features/dashboard/routes/dashboard-page'), 'DashboardPage', {
      texts: ['investor'],
    }),
  },
  {
    path: paths.transaction,
    element: page(() => import('../features/transactions/routes/transactions-page'), 'TransactionsPage'),
  },
  {
    path: paths.notifications,
    element: page(() => import('../features/notifications/routes/notifications-page'), 'NotificationsPage'),
  },
  {
    path: paths.referralPage,
    element: page(() => import('../features/referrals/routes/referral-page'), 'ReferralPage'),
  },
  {
    path: paths.userProfile,
    element: page(() => import('../features/profile/routes/user-profile-page'), 'UserProfilePage'),
  },
  { path: paths.depositPage, element: page(() => import('../features/deposit/routes/deposit-page'), 'DepositPage') },
  { path: paths.cryptoDeposit, element: cryptoDeposit },
  { path: paths.bitcoinDeposit, element: cryptoDeposit },
  {
    path: paths.depositQuotePattern,
    element: page(() => import('../features/deposit/routes/deposit-quote-page'), 'DepositQuotePage'),
  },
  {
    path: paths.tradingPlans,
    element: page(() => import('../features/plans/routes/trading-plans-page'), 'TradingPlansPage', {
      texts: ['funds'],
    }),
  },
  {
    path: paths.tradingPlanDetailsPattern,
    element: page(() => import('../features/plans/routes/plan-details-page'), 'PlanDetailsPage'),
  },
  {
    path: paths.withdrawPage,
    element: page(() => import('../features/withdraw/routes/withdraw-page'), 'WithdrawPage'),
  },
  {
    path: paths.asset,
    element: page(() => import('../features/assets/routes/asset-page'), 'AssetPage', { texts: ['liabilities'] }),
  },
  { path: paths.outbox, element: page(() => import('../features/outbox/routes/outbox-page'), 'OutboxPage') },
  { path: paths.kyc, element: page(() => import('../features/kyc/routes/kyc-page'), 'KycPage', { texts: ['kyc'] }) },
];

// Admin screens: the admin layout checks the stored adminId (GET /api/admin/me/:adminId) and sends others to /login.
const adminRoutes: RouteObject[] = [
  {
    path: paths.adminDashboardOverview,
    element: page(() => import('../features/admin/routes/dashboard-overview-page'), 'DashboardOverviewPage', {
      texts: ['liabilities'],
    }),
  },
  { path: paths.adminAddAdmin, element: page(() => import('../features/admin/routes/add-admin-page'), 'AddAdminPage') },
  { path: paths.adminUsers, element: page(() => import('../features/admin/routes/users-page'), 'UsersPage') },
  {
    path: paths.adminUserDetailPattern,
    element: page(() => import('../features/admin/routes/user-detail-page'), 'UserDetailPage'),
  },
  { path: paths.adminReceipts, element: page(() => import('../features/admin/routes/receipts-page'), 'ReceiptsPage') },
  {
    path: paths.adminResetPassword,
    element: page(() => import('../features/admin/routes/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: paths.adminWithdrawals,
    element: page(() => import('../features/admin/routes/withdrawals-page'), 'WithdrawalsPage'),
  },
  { path: paths.adminPayouts, element: page(() => import('../features/admin/routes/payouts-page'), 'PayoutsPage') },
  { path: paths.adminMessages, element: page(() => import('../features/admin/routes/messages-page'), 'MessagesPage') },
  { path: paths.adminAuditLog, element: page(() => import('../features/admin/routes/audit-log-page'), 'AuditLogPage') },
  {
    path: paths.adminSecurity,
    element: page(() => import('../features/admin/routes/admin-security-page'), 'AdminSecurityPage'),
  },
  {
    path: paths.adminNotifications,
    element: page(() => import('../features/notifications/routes/notifications-page'), 'NotificationsPage', {
      texts: ['investor'],
    }),
  },
  { path: paths.admin, element: <Navigate to={paths.adminDashboardOverview} replace /> },
  {
    path: paths.adminPattern,
    element: page(() => import('../features/admin/routes/admin-not-found-page'), 'AdminNotFoundPage'),
  },
  { path: paths.adminChains, element: page(() => import('../features/admin/routes/chains-page'), 'ChainsPage') },
  {
    path: paths.adminKycLimits,
    element: page(() => import('../features/admin/routes/kyc-limits-page'), 'KycLimitsPage'),
  },
  {
    path: paths.adminSanctions,
    element: page(() => import('../features/admin/routes/sanctions-page'), 'SanctionsPage'),
  },
  {
    path: paths.adminPlans,
    element: page(() => import('../features/admin/routes/plans-page'), 'PlansPage', { texts: ['admin-plans'] }),
  },
  {
    path: paths.adminIdentityChecks,
    element: page(() => import('../features/admin/routes/identity-checks-page'), 'IdentityChecksPage', {
      texts: ['kyc'],
    }),
  },
];

export const routes: RouteObject[] = [
  {
    element: area(() => import('../features/investor-shell/investor-layout'), 'InvestorLayout', ['investor']),
    children: investorRoutes,
  },
  {
    element: area(() => import('../features/admin/routes/admin-layout'), 'AdminLayout', ['admin', 'admin-desk']),
    children: adminRoutes,
  },
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home, element: home },
      { path: paths.homepage, element: home },
      { path: paths.productHome, element: home },
      { path: paths.aboutUs, element: page(() => import('../features/about/routes/about-page'), 'AboutPage') },
      {
        path: paths.services,
        element: page(() => import('../features/services/routes/services-page'), 'ServicesPage', { queries: false }),
      },
      {
        path: paths.portfolio,
        element: page(() => import('../features/portfolio/routes/portfolio-page'), 'PortfolioPage', {
          queries: false,
        }),
      },
      { path: paths.contact, element: page(() => import('../features/contact/routes/contact-page'), 'ContactPage') },
      {
        path: paths.proofOfLiabilities,
        element: page(
          () => import('../features/proof-of-liabilities/routes/proof-of-liabilities-page'),
          'ProofOfLiabilitiesPage',
          { texts: ['liabilities'] },
        ),
      },
      {
        path: paths.signIn,
        element: page(() => import('../features/auth/routes/sign-in-page'), 'SignInPage', {
          queries: false,
          texts: ['auth', 'security'],
        }),
      },
      { path: paths.signUp, element: signUp },
      { path: paths.referralPattern, element: signUp },
      {
        path: paths.resetPassword,
        element: page(() => import('../features/auth/routes/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: paths.updatePassword,
        element: page(() => import('../features/auth/routes/update-password-page'), 'UpdatePasswordPage'),
      },
      {
        path: paths.restoreEmail,
        element: page(() => import('../features/auth/routes/restore-email-page'), 'RestoreEmailPage'),
      },
      {
        path: paths.confirmPayoutAddress,
        element: page(() => import('../features/auth/routes/confirm-payout-address-page'), 'ConfirmPayoutAddressPage'),
      },
      {
        path: paths.adminLogin,
        element: page(() => import('../features/admin/routes/admin-login-page'), 'AdminLoginPage'),
      },
      {
        path: paths.emailVerification,
        element: page(() => import('../features/auth/routes/email-verification-page'), 'EmailVerificationPage'),
      },
      {
        path: '*',
        element: page(() => import('../features/layout/not-found-page'), 'NotFoundPage'),
      },
    ],
  },
];

/** Loads the chunks of the page at `pathname` (and its layout), so the first render has them. */
export async function preloadRoute(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.element ? preloads.get(match.route.element as ReactElement)?.() : undefined)),
  );
}

/**
 * The text namespaces the page at `pathname` (and its layout) reads on its first render: fetched beside the
 * common texts at start-up, instead of one after the other as each component asks for them.
 */
export function routeTexts(pathname: string): string[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  return [...new Set(matches.flatMap((match) => pageTexts.get(match.route.element as ReactElement) ?? []))];
}

/** Every route, under whichever router the caller gives: the browser's (app.tsx), or a static one at build time. */
export function AppRoutes() {
  return useRoutes(routes);
}
