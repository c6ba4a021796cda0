import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { PublicLayout } from '../features/layout/public-layout';
import { Splash } from '../features/layout/splash';

// Every page is its own chunk, loaded when its route is first visited.
const home: LazyRouteFunction<RouteObject> = () =>
  import('../features/home/routes/home-page').then((module) => ({ Component: module.HomePage }));
const signUp: LazyRouteFunction<RouteObject> = () =>
  import('../features/auth/routes/sign-up-page').then((module) => ({ Component: module.SignUpPage }));

const cryptoDeposit: LazyRouteFunction<RouteObject> = () =>
  import('../features/deposit/routes/crypto-deposit-page').then((module) => ({ Component: module.CryptoDepositPage }));

// Investor screens: the investor layout checks the session (GET /api/userdata) and sends anonymous visitors to sign-in.
const investorRoutes: RouteObject[] = [
  { path: paths.dashboard, lazy: () => import('../features/dashboard/routes/dashboard-page').then((module) => ({ Component: module.DashboardPage })) },
  { path: paths.transaction, lazy: () => import('../features/transactions/routes/transactions-page').then((module) => ({ Component: module.TransactionsPage })) },
  { path: paths.referralPage, lazy: () => import('../features/referrals/routes/referral-page').then((module) => ({ Component: module.ReferralPage })) },
  { path: paths.userProfile, lazy: () => import('../features/profile/routes/user-profile-page').then((module) => ({ Component: module.UserProfilePage })) },
  { path: paths.depositPage, lazy: () => import('../features/deposit/routes/deposit-page').then((module) => ({ Component: module.DepositPage })) },
  { path: paths.cryptoDeposit, lazy: cryptoDeposit },
  { path: paths.bitcoinDeposit, lazy: cryptoDeposit },
  { path: paths.tradingPlans, lazy: () => import('../features/plans/routes/trading-plans-page').then((module) => ({ Component: module.TradingPlansPage })) },
  { path: paths.tradingPlanDetailsPattern, lazy: () => import('../features/plans/routes/plan-details-page').then((module) => ({ Component: module.PlanDetailsPage })) },
  { path: paths.withdrawPage, lazy: () => import('../features/withdraw/routes/withdraw-page').then((module) => ({ Component: module.WithdrawPage })) },
  { path: paths.asset, lazy: () => import('../features/assets/routes/asset-page').then((module) => ({ Component: module.AssetPage })) },
];

// Admin screens: the admin layout checks the stored adminId (GET /api/admin/me/:adminId) and sends others to /login.
const adminRoutes: RouteObject[] = [
  { path: paths.adminDashboardOverview, lazy: () => import('../features/admin/routes/dashboard-overview-page').then((module) => ({ Component: module.DashboardOverviewPage })) },
  { path: paths.adminAddAdmin, lazy: () => import('../features/admin/routes/add-admin-page').then((module) => ({ Component: module.AddAdminPage })) },
  { path: paths.adminUsers, lazy: () => import('../features/admin/routes/users-page').then((module) => ({ Component: module.UsersPage })) },
  { path: paths.adminUserDetailPattern, lazy: () => import('../features/admin/routes/user-detail-page').then((module) => ({ Component: module.UserDetailPage })) },
  { path: paths.adminReceipts, lazy: () => import('../features/admin/routes/receipts-page').then((module) => ({ Component: module.ReceiptsPage })) },
  { path: paths.adminResetPassword, lazy: () => import('../features/admin/routes/reset-password-page').then((module) => ({ Component: module.ResetPasswordPage })) },
  { path: paths.adminWithdrawals, lazy: () => import('../features/admin/routes/withdrawals-page').then((module) => ({ Component: module.WithdrawalsPage })) },
  { path: paths.adminMessages, lazy: () => import('../features/admin/routes/messages-page').then((module) => ({ Component: module.MessagesPage })) },
  { path: paths.adminAuditLog, lazy: () => import('../features/admin/routes/audit-log-page').then((module) => ({ Component: module.AuditLogPage })) },
  { path: paths.admin, element: <Navigate to={paths.adminDashboardOverview} replace /> },
  { path: paths.adminPattern, lazy: () => import('../features/admin/routes/admin-not-found-page').then((module) => ({ Component: module.AdminNotFoundPage })) },
];

export const routes: RouteObject[] = [
  {
    lazy: () => import('../features/investor-shell/investor-layout').then((module) => ({ Component: module.InvestorLayout })),
    hydrateFallbackElement: <Splash />,
    children: investorRoutes,
  },
  {
    lazy: () => import('../features/admin/routes/admin-layout').then((module) => ({ Component: module.AdminLayout })),
    hydrateFallbackElement: <Splash />,
    children: adminRoutes,
  },
  {
    element: <PublicLayout />,
    hydrateFallbackElement: <Splash />,
    children: [
      { path: paths.home, lazy: home },
      { path: paths.homepage, lazy: home },
      { path: paths.productHome, lazy: home },
      { path: paths.aboutUs, lazy: () => import('../features/about/routes/about-page').then((module) => ({ Component: module.AboutPage })) },
      { path: paths.services, lazy: () => import('../features/services/routes/services-page').then((module) => ({ Component: module.ServicesPage })) },
      { path: paths.portfolio, lazy: () => import('../features/portfolio/routes/portfolio-page').then((module) => ({ Component: module.PortfolioPage })) },
      { path: paths.contact, lazy: () => import('../features/contact/routes/contact-page').then((module) => ({ Component: module.ContactPage })) },
      { path: paths.signIn, lazy: () => import('../features/auth/routes/sign-in-page').then((module) => ({ Component: module.SignInPage })) },
      { path: paths.signUp, lazy: signUp },
      { path: paths.referralPattern, lazy: signUp },
      { path: paths.resetPassword, lazy: () => import('../features/auth/routes/reset-password-page').then((module) => ({ Component: module.ResetPasswordPage })) },
      { path: paths.updatePassword, lazy: () => import('../features/auth/routes/update-password-page').then((module) => ({ Component: module.UpdatePasswordPage })) },
      { path: paths.restoreEmail, lazy: () => import('../features/auth/routes/restore-email-page').then((module) => ({ Component: module.RestoreEmailPage })) },
      { path: paths.adminLogin, lazy: () => import('../features/admin/routes/admin-login-page').then((module) => ({ Component: module.AdminLoginPage })) },
      { path: paths.emailVerification, lazy: () => import('../features/auth/routes/email-verification-page').then((module) => ({ Component: module.EmailVerificationPage })) },
      {
        path: '*',
        lazy: () => import('../features/layout/not-found-page').then((module) => ({ Component: module.NotFoundPage })),
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
