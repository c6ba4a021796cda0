import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { dashboardQuery, invalidateInvestorData, investorQueryKeys, profileQuery, removeInvestorData, userDataQuery } from './investor-queries';

const userData = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', referralCode: 'ADA123', referralsCount: 0, emailVerified: true };
const dashboard = {
  balances: { accountBalance: 10, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 10, totalWithdrawal: 0 },
  activePlans: [],
  referralLink: 'http://x/referral/ADA123',
};

describe('investor queries', () => {
  it('unwrap the API answers of /api/userdata, /api/user and /api/dashboard', async () => {
    fakeApi({
      'GET /api/userdata': { status: 200, body: { userData } },
      'GET /api/user': { status: 200, body: { user: { ...userData, bankName: null } } },
      'GET /api/dashboard': { status: 200, body: dashboard },
    });
    const client = new QueryClient();
    expect(await client.fetchQuery(userDataQuery())).toEqual(userData);
    expect(await client.fetchQuery(profileQuery())).toMatchObject({ firstName: 'Ada', bankName: null });
    expect(await client.fetchQuery(dashboardQuery())).toEqual(dashboard);
  });

  it('invalidateInvestorData marks every investor answer stale, feature queries under the same key included, and nothing else', async () => {
    fakeApi({ 'GET /api/userdata': { status: 200, body: { userData } }, 'GET /api/dashboard': { status: 200, body: dashboard } });
    const client = new QueryClient();
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

    removeInvestorData(client);
    expect(client.getQueryData(investorQueryKeys.dashboard)).toBeUndefined();
    expect(client.getQueryData(['plans'])).toEqual({ plans: [] });
  });
});
