import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { createTestQueryClient } from '../../test/render-page';
import { dashboardQuery, invalidateInvestorData, investorQueryKeys, profileQuery, userDataQuery } from './investor';

const userData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'ADA123',
  referralsCount: 0,
  emailVerified: true,
};
const dashboard = {
  balances: { accountBalance: 10, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 10, totalWithdrawal: 0 },
  activePlans: [],
  referralLink: 'http://x/referral/ADA123',
};

describe('investor queries', () => {
  it('unwrap the API answers of /api/session, /api/user and /api/dashboard', async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/user': { status: 200, body: { user: { ...userData, bankName: null } } },
      'GET /api/dashboard': { status: 200, body: dashboard },
    });
    const client = createTestQueryClient();
    expect(await client.fetchQuery(userDataQuery())).toEqual(userData);
    expect(await client.fetchQuery(profileQuery())).toMatchObject({ firstName: 'Ada', bankName: null });
    expect(await client.fetchQuery(dashboardQuery())).toEqual(dashboard);
  });

  it('turn no session into a 401 and an admin session into a 403, as the layout expects of GET /api/userdata', async () => {
    fakeApi({ 'GET /api/session': { status: 200, body: { signedIn: false } } });
    await expect(createTestQueryClient().fetchQuery(userDataQuery())).rejects.toMatchObject({ status: 401 });
    fakeApi({ 'GET /api/session': { status: 200, body: { signedIn: true, role: 'admin' } } });
    await expect(createTestQueryClient().fetchQuery(userDataQuery())).rejects.toMatchObject({ status: 403 });
  });

  it('invalidateInvestorData marks every investor answer stale, feature queries under the same key included, and nothing else', async () => {
    fakeApi({
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/dashboard': { status: 200, body: dashboard },
    });
    const client = createTestQueryClient();
    await client.fetchQuery(userDataQuery());
    await client.fetchQuery(dashboardQuery());
    client.setQueryData([...investorQueryKeys.all, 'transactions', { page: 1 }], { items: [] });
    client.setQueryData(['plans'], { plans: [] });
    await invalidateInvestorData(client);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(investorQueryKeys.userData)).toBe(true);
    expect(invalidated(investorQueryKeys.dashboard)).toBe(true);
    expect(invalidated([...investorQueryKeys.all, 'transactions', { page: 1 }])).toBe(true);
    expect(invalidated(['plans'])).toBe(false);
  });
});
