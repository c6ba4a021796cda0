import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  InvestorDashboard,
  InvestorProfile,
  InvestorUserData,
  SessionAnswer,
} from '../../../../api/contracts/answers';
import { ApiError, apiGet } from '../api-client';
import { fetchWithPersonalCopy } from '../offline/personal-copy';
import { DASHBOARD_COPY, PROFILE_COPY, USERDATA_COPY } from '../offline/copy-keys';

// Shared by every investor feature. Personal data is never in the service worker's cache; the user data,
// profile and dashboard are kept in the Dexie 'personal' table (cleared at sign-out) to be read offline, so
// they try the network even offline ('offlineFirst') and fall back to that copy.

export const investorQueryKeys = {
  all: ['investor'] as const,
  userData: ['investor', 'userdata'] as const,
  profile: ['investor', 'user'] as const,
  dashboard: ['investor', 'dashboard'] as const,
};

/** The signed-in investor's data; no session is a 401 and an admin's session a 403, as GET /api/userdata would answer. */
async function fetchSignedInUserData(): Promise<InvestorUserData> {
  const session = await apiGet<SessionAnswer>('session');
  if (!session.signedIn) throw new ApiError(401, 'Session expired or invalid');
  if (session.role !== 'investor') throw new ApiError(403, 'Forbidden');
  return session.userData;
}

const fetchProfile = async () => (await apiGet<{ user: InvestorProfile }>('user')).user;
const fetchDashboard = () => apiGet<InvestorDashboard>('dashboard');

/** Who is signed in (the layout's session check, through GET /api/session). */
export const userDataQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.userData,
    queryFn: () => fetchWithPersonalCopy(USERDATA_COPY, fetchSignedInUserData),
    networkMode: 'offlineFirst',
  });

export const profileQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.profile,
    queryFn: () => fetchWithPersonalCopy(PROFILE_COPY, fetchProfile),
    networkMode: 'offlineFirst',
  });

export const dashboardQuery = () =>
  queryOptions({
    queryKey: investorQueryKeys.dashboard,
    queryFn: () => fetchWithPersonalCopy(DASHBOARD_COPY, fetchDashboard),
    networkMode: 'offlineFirst',
  });

export const useUserData = () => useQuery(userDataQuery());
export const useProfile = () => useQuery(profileQuery());
export const useDashboard = () => useQuery(dashboardQuery());

/**
 * After any money or profile action: refetch everything under the 'investor' key
 * (user data, profile, dashboard, and feature queries that start with the same key).
 */
export function invalidateInvestorData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: investorQueryKeys.all });
}
