import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Plan } from '../../../api/contracts/plans';
import { ApiError, apiGet } from './api-client';
import { twoFactorProblem } from './two-factor';
import { fetchWithPersonalCopy, fetchWithPublicCopy, keepPublicCopies } from './offline/personal-copy';
import { DASHBOARD_COPY, planCopyKey, PLANS_COPY, PROFILE_COPY, USERDATA_COPY } from './offline/copy-keys';

// Shared by every investor feature. Personal data is never in the service worker's cache; the user data,
// profile and dashboard are kept in the Dexie 'personal' table (cleared at sign-out) to be read offline, so
// they try the network even offline ('offlineFirst') and fall back to that copy.

/** Who is signed in (the layout's session check, through GET /api/session); GET /api/userdata's fields. */
export type InvestorUserData = {
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  referralsCount: number;
  emailVerified: boolean;
};

/** GET /api/user: the full profile with the withdrawer details. */
export type InvestorProfile = {
  id: string | number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  country: string | null;
  address: string | null;
  referralCode: string;
  emailVerified: boolean;
  createdAt: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  swiftCode: string | null;
  bitcoinAddress: string | null;
  ethereumAddress: string | null;
  usdtAddress: string | null;
};

/** An investment that has not matured yet; dollars as numbers, times as ISO strings. */
export type ActivePlan = {
  id: string | number;
  planName: string;
  amount: number;
  expectedReturn: number;
  startsAt: string;
  maturesAt: string;
};

/** GET /api/dashboard: every figure read from the ledger. */
export type InvestorDashboard = {
  balances: {
    accountBalance: number;
    totalProfit: number;
    bonus: number;
    referralBonus: number;
    totalDeposit: number;
    totalWithdrawal: number;
  };
  activePlans: ActivePlan[];
  referralLink: string;
};

export const investorQueryKeys = {
  all: ['investor'] as const,
  userData: ['investor', 'userdata'] as const,
  profile: ['investor', 'user'] as const,
  dashboard: ['investor', 'dashboard'] as const,
};

/** GET /api/session: 200 whether or not a session is open, so an anonymous visit logs no failed request. */
type SessionAnswer =
  | { signedIn: false }
  | { signedIn: true; role: 'admin' }
  | { signedIn: true; role: 'investor'; userData: InvestorUserData };

/** The signed-in investor's data; no session is a 401 and an admin's session a 403, as GET /api/userdata would answer. */
async function fetchSignedInUserData(): Promise<InvestorUserData> {
  const session = await apiGet<SessionAnswer>('session');
  if (!session.signedIn) throw new ApiError(401, 'Session expired or invalid');
  if (session.role !== 'investor') throw new ApiError(403, 'Forbidden');
  return session.userData;
}

export const userDataQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.userData,
    queryFn: () => fetchWithPersonalCopy(USERDATA_COPY, fetchSignedInUserData),
    networkMode: 'offlineFirst',
  });

export const profileQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.profile,
    queryFn: () =>
      fetchWithPersonalCopy(PROFILE_COPY, async () => (await apiGet<{ user: InvestorProfile }>('user')).user),
    networkMode: 'offlineFirst',
  });

export const dashboardQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.dashboard,
    queryFn: () => fetchWithPersonalCopy(DASHBOARD_COPY, () => apiGet<InvestorDashboard>('dashboard')),
    networkMode: 'offlineFirst',
  });

// The plan catalogue (the plans pages, the deposit form, the dashboard): public, kept in the shared table.

/** The public plan catalogue (GET /api/plans); it changes rarely. Loaded online, it keeps every plan for offline. */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: () =>
      fetchWithPublicCopy(PLANS_COPY, async () => {
        const { plans } = await apiGet<{ plans: Plan[] }>('plans');
        // The list holds every plan's details (GET /api/plans/:id answers the same fields): each is kept as that
        // plan's own copy, so a plan never opened before still opens offline.
        await keepPublicCopies(plans.map((plan) => ({ key: planCopyKey(plan.id), data: plan })));
        return plans;
      }),
    staleTime: 5 * 60_000,
    // Offline, still try once, so the copy saved on this device (Dexie, with its time) can answer.
    networkMode: 'offlineFirst',
  });

/** One plan (GET /api/plans/:id); 404 when unknown. */
export const planQuery = (id: string) =>
  queryOptions({
    queryKey: ['plans', id],
    queryFn: () => fetchWithPublicCopy(planCopyKey(id), () => apiGet<Plan>(`plans/${encodeURIComponent(id)}`)),
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

export const useUserData = () => useQuery(userDataQuery());
export const useProfile = () => useQuery(profileQuery());
export const useDashboard = () => useQuery(dashboardQuery());

/** True when the API says the session is missing or expired (the investor layout then goes to /sign-in). */
/** The session is gone; a 401 asking for a two-factor code is not that. */
export const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && twoFactorProblem(error) === null;

/**
 * After any money or profile action: refetch everything under the 'investor' key
 * (user data, profile, dashboard, and feature queries that start with the same key).
 */
export function invalidateInvestorData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: investorQueryKeys.all });
}
