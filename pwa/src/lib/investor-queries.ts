import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

// Shared by every investor feature. Personal data is never written to Dexie or the service worker cache:
// these queries live in memory only, so a signed-out device keeps nothing.

/** GET /api/userdata: who is signed in (also the layout's session check). */
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

export const userDataQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.userData,
    queryFn: async () => (await apiGet<{ userData: InvestorUserData }>('userdata')).userData,
  });

export const profileQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.profile,
    queryFn: async () => (await apiGet<{ user: InvestorProfile }>('user')).user,
  });

export const dashboardQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.dashboard,
    queryFn: () => apiGet<InvestorDashboard>('dashboard'),
  });

export const useUserData = () => useQuery(userDataQuery());
export const useProfile = () => useQuery(profileQuery());
export const useDashboard = () => useQuery(dashboardQuery());

/** True when the API says the session is missing or expired (the investor layout then goes to /sign-in). */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * After any money or profile action: refetch everything under the 'investor' key
 * (user data, profile, dashboard, and feature queries that start with the same key).
 */
export function invalidateInvestorData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: investorQueryKeys.all });
}

/** On sign-out: forget every personal answer held in memory. */
export function removeInvestorData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: investorQueryKeys.all });
}
