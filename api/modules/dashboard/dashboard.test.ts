import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, uploadReceipt } from '../../test/receipts';
import { testPublicUrl } from '../../test/test-app';
import { payMaturedInvestments } from '../investments/investments.service';

describe('what the investor sees', () => {
  const setup = useAdminApp();

  it('starts at zero with an empty plan list and the referral link', async () => {
    const investor = await signUpInvestor(setup.app);
    const dashboard = (await investor.client.get('/api/dashboard')).body;
    expect(dashboard).toEqual({
      balances: { accountBalance: 0, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 0, totalWithdrawal: 0 },
      activePlans: [],
      referralLink: `${testPublicUrl}/referral/${investor.user.referralCode}`,
    });
  });

  it('pays the referrer 5% of the first confirmed deposit only, shown as Referral Bonus', async () => {
    const referrer = await signUpInvestor(setup.app);
    const friend = await signUpInvestor(setup.app, { referralCode: referrer.user.referralCode, firstName: 'Friend' });
    await fundInvestor(setup.app, friend, setup.admin, '200.10');
    await fundInvestor(setup.app, friend, setup.admin, 1000);
    const referrals = (await referrer.client.get('/api/referrals')).body;
    expect(referrals).toMatchObject({
      referralCode: referrer.user.referralCode,
      referralsCount: 1,
      referralBonus: 10.01,
      referrals: [{ firstName: 'Friend', bonus: 10.01 }],
    });
    const { balances } = (await referrer.client.get('/api/dashboard')).body;
    expect(balances).toMatchObject({ accountBalance: 10.01, referralBonus: 10.01, totalDeposit: 0, bonus: 0 });
  });

  it('lists history by tab with status, type search and pages of 5', async () => {
    const investor = await signUpInvestor(setup.app);
    await investor.client.put('/api/update-profile', { usdtAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    for (let index = 0; index < 6; index++) await fundInvestor(setup.app, investor, setup.admin, 100 + index);
    const rejected = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: 60,
      planName: 'Sonic',
    });
    await setup.admin.post(`/api/admin/reject-receipt/${rejected.body.deposit.id}`, { reason: 'unreadable' });
    await uploadReceipt(investor.client, { email: investor.payload.email, amount: 70 });
    await investor.client.post('/api/withdrawals', { amount: 20, method: 'USDT' });
    await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 });
    await payMaturedInvestments(setup.app.db, new Date(setup.app.clock.now().getTime() + 16 * 3_600_000));

    const firstPage = (await investor.client.get('/api/transactions?tab=deposit')).body;
    expect(firstPage).toMatchObject({ total: 8, page: 1, pageSize: 5 });
    expect(firstPage.items).toHaveLength(5);
    expect(firstPage.items[0]).toMatchObject({ type: 'Deposit', status: 'pending', amount: 70 });
    expect(firstPage.items[1]).toMatchObject({ type: 'Deposit (Sonic plan)', status: 'rejected', amount: 60 });
    const secondPage = (await investor.client.get('/api/transactions?tab=deposit&page=2')).body;
    expect(secondPage.items).toHaveLength(3);
    const withdrawals = (await investor.client.get('/api/transactions?tab=withdrawal')).body;
    expect(withdrawals.items).toEqual([
      expect.objectContaining({ type: 'Withdrawal (USDT)', status: 'pending', amount: 20 }),
    ]);
    const others = (await investor.client.get('/api/transactions?tab=others')).body;
    expect(others.items.map((item: { type: string; amount: number }) => [item.type, item.amount])).toEqual([
      ['Plan return', 105],
      ['Plan purchase', 100],
    ]);
    const searched = (await investor.client.get('/api/transactions?tab=others&type=return')).body;
    expect(searched.total).toBe(1);
    expect((await investor.client.get('/api/transactions?tab=bogus')).status).toBe(400);
  });

  it('gives the admin stats and the audit log of every decision', async () => {
    const stats = (await setup.admin.get('/api/admin/stats')).body;
    expect(stats.users).toBeGreaterThan(0);
    expect(stats.deposits.confirmed.count).toBeGreaterThan(0);
    expect(stats.deposits.pending.count).toBeGreaterThan(0);
    expect(stats.withdrawals.pending).toEqual({ count: 1, amount: 20 });
    const funds = await setup.app.db('ledger_accounts').whereNotNull('owner_id').sum('balance as total').first();
    expect(stats.fundsHeld).toBe(Number(funds?.total) / 100);
    const log = (await setup.admin.get('/api/admin/audit-log?pageSize=5')).body;
    expect(log.total).toBeGreaterThan(5);
    expect(log.entries[0]).toMatchObject({
      actor: { id: expect.any(String), email: expect.any(String) },
      action: expect.any(String),
    });
  });
});
