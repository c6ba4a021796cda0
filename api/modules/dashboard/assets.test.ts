import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { payMaturedInvestments } from '../investments/investments.service';

describe('GET /api/assets', () => {
  const setup = useAdminApp();

  it('is empty for a new investor', async () => {
    const investor = await signUpInvestor(setup.app);
    expect((await investor.client.get('/api/assets')).body).toEqual({
      holdings: { available: 0, held: 0, invested: 0, pendingWithdrawal: 0, total: 0 },
      investments: [],
    });
  });

  it('splits the money between available, invested and held for withdrawal, and lists matured plans too', async () => {
    const investor = await signUpInvestor(setup.app);
    await investor.client.put('/api/update-profile', { usdtAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    await fundInvestor(setup.app, investor, setup.admin, 300.5);
    const bought = await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 200 });
    expect(bought.status).toBe(201);
    expect((await investor.client.post('/api/withdrawals', { amount: 50.25, method: 'USDT' })).status).toBe(201);

    const before = (await investor.client.get('/api/assets')).body;
    expect(before.holdings).toEqual({
      available: 50.25,
      held: 0,
      invested: 200,
      pendingWithdrawal: 50.25,
      total: 300.5,
    });
    expect(before.investments).toEqual([
      expect.objectContaining({ planName: 'Sonic', amount: 200, expectedReturn: 210, status: 'active' }),
    ]);

    await payMaturedInvestments(setup.app.db, new Date(bought.body.investment.maturesAt));
    const after = (await investor.client.get('/api/assets')).body;
    expect(after.holdings).toEqual({ available: 260.25, held: 0, invested: 0, pendingWithdrawal: 50.25, total: 310.5 });
    expect(after.investments).toEqual([expect.objectContaining({ id: bought.body.investment.id, status: 'matured' })]);
  });

  it('shows each investor only their own', async () => {
    const [owner, other] = await Promise.all([signUpInvestor(setup.app), signUpInvestor(setup.app)]);
    await fundInvestor(setup.app, owner, setup.admin, 100);
    expect((await other.client.get('/api/assets')).body.holdings.total).toBe(0);
    expect((await owner.client.get('/api/assets')).body.holdings.total).toBe(100);
  });
});
