import { describe, expect, it } from 'vitest';
import { expectedReturnCents } from '../../contracts/plans';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, uploadReceipt } from '../../test/receipts';
import { payMaturedInvestments } from './investments.service';

const hour = 3_600_000;

describe('plans and investments', () => {
  const setup = useAdminApp();

  it('serves the four plans of the catalogue', async () => {
    const { plans } = (await setup.app.client().get('/api/plans')).body;
    expect(plans.map((plan: { name: string }) => plan.name)).toEqual(['Sonic', 'Ultra', 'Promo Plan', 'Supreme']);
    expect(plans[3]).toEqual({
      id: 4,
      name: 'Supreme',
      roiPercentage: 25,
      minDeposit: 15000,
      maxDeposit: null,
      durationHours: 72,
      miner: true,
      presets: [15000, 20000, 25000, 30000, 50000, 100000, 150000, 200000],
      version: 1,
      amountLabel: '',
      description: '',
      names: {},
      descriptions: {},
    });
    expect((await setup.app.client().get('/api/plans/2')).body).toMatchObject({
      name: 'Ultra',
      roiPercentage: 10,
      minDeposit: 1000,
      maxDeposit: 4999,
      durationHours: 24,
    });
    expect((await setup.app.client().get('/api/plans/9')).status).toBe(404);
    expect((await setup.app.client().get('/api/plans/abc')).status).toBe(404);
  });

  it('computes the expected return in cents, half-up', () => {
    expect(expectedReturnCents(99_999, 5)).toBe(104_999); // 999.99 × 5% = 49.9995 → 50.00
    expect(expectedReturnCents(5_001, 9)).toBe(5_451); // 50.01 × 9% = 4.5009 → 4.50
    expect(expectedReturnCents(1_500_000, 25)).toBe(1_875_000);
  });

  it('buys a plan from the balance: 400 outside the range, 409 when the balance is short', async () => {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 300);
    expect((await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 49 })).status).toBe(
      400,
    );
    expect((await investor.client.post('/api/investments', { planId: 2, planVersion: 1, amount: 999 })).status).toBe(
      400,
    );
    const short = await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 300.01 });
    expect(short.status).toBe(409);
    const bought = await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 200 });
    expect(bought.status).toBe(201);
    expect(bought.body.investment).toMatchObject({
      planName: 'Sonic',
      amount: 200,
      expectedReturn: 210,
      status: 'active',
    });
    const dashboard = (await investor.client.get('/api/dashboard')).body;
    expect(dashboard.balances.accountBalance).toBe(100);
    expect(dashboard.activePlans).toHaveLength(1);
  });

  it('starts an investment when a plan deposit is confirmed, and pays principal + return at maturity, to the cent', async () => {
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, {
      email: investor.payload.email,
      amount: '1234.57',
      planId: 2,
    });
    await setup.admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`);
    const [active] = (await investor.client.get('/api/dashboard')).body.activePlans;
    expect(active).toMatchObject({ planName: 'Ultra', amount: 1234.57, expectedReturn: 1358.03 });
    expect(new Date(active.maturesAt).getTime() - new Date(active.startsAt).getTime()).toBe(24 * hour);

    await payMaturedInvestments(setup.app.db, new Date(new Date(active.maturesAt).getTime() - 1));
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(0);

    await payMaturedInvestments(setup.app.db, new Date(active.maturesAt));
    const after = (await investor.client.get('/api/dashboard')).body;
    expect(after.balances).toMatchObject({ accountBalance: 1358.03, totalProfit: 123.46, totalDeposit: 1234.57 });
    expect(after.activePlans).toEqual([]);
  });

  it('pays once when two job runners race over the same due investments', async () => {
    const investors = await Promise.all(Array.from({ length: 5 }, () => signUpInvestor(setup.app)));
    for (const investor of investors) {
      await fundInvestor(setup.app, investor, setup.admin, 500);
      await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 500 });
    }
    const later = new Date(setup.app.clock.now().getTime() + 16 * hour);
    const [first, second] = await Promise.all([
      payMaturedInvestments(setup.app.db, later, 2),
      payMaturedInvestments(setup.app.db, later, 2),
    ]);
    expect(first + second).toBe(5);
    for (const investor of investors) {
      const { balances } = (await investor.client.get('/api/dashboard')).body;
      expect(balances).toMatchObject({ accountBalance: 525, totalProfit: 25 });
    }
    const payouts = await setup.app
      .db('ledger_transactions')
      .where({ kind: 'maturity' })
      .whereIn(
        'subject_user_id',
        investors.map((i) => i.user.id),
      );
    expect(payouts).toHaveLength(5);
  });
});
