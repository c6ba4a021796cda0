// Every route of pwa/src/app/router.tsx, with the tabs a query string opens; pages that need a token show their
// "missing or expired link" state. The spec files that walk the whole app share these lists.

/** The landing and its two aliases. */
export const landingRoutes = ['/', '/homepage', '/product-home'];
/** The other public pages, the admin's sign-in and a 404 among them. */
export const otherPublicRoutes = [
  '/about-us',
  '/services',
  '/portfolio',
  '/contact',
  '/proof-of-liabilities',
  '/sign-in',
  '/sign-up',
  '/referral/ABC',
  '/reset-password',
  '/update-password',
  '/restore-email',
  '/confirm-payout-address',
  '/email-verification',
  '/login',
  '/no-such-page',
];
export const investorRoutes = [
  '/dashboard',
  '/asset',
  '/deposit-page',
  '/crytodeposit?price=150&planName=Sonic',
  '/bitcoindeposit1?amount=150&coin=ethereum',
  '/withdraw-page',
  '/transaction',
  '/transaction?tab=withdrawal',
  '/transaction?tab=others',
  '/user-profile',
  '/user-profile?tab=withdrawer',
  '/user-profile?tab=security',
  '/referral-page',
  '/trading-plans',
  '/tradingplan-details/1',
  '/outbox',
  '/notifications',
];
/** The admin panel (a user's detail page is reached through the list). */
export const adminRoutes = [
  '/dashboard-overview',
  '/add-admin',
  '/receipts',
  '/reset-password1',
  '/admin/withdrawals',
  '/admin/payouts',
  '/admin/messages',
  '/admin/audit-log',
  '/admin/chains',
  '/admin/plans',
  '/admin/security',
  '/admin/notifications',
  '/admin/no-such-page',
];

export const publicRoutes = [...landingRoutes, ...otherPublicRoutes];
