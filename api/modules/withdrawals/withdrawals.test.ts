import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import {
  fundedInvestor as newFundedInvestor,
  fundInvestor,
  sampleBitcoinAddress as btcAddress,
} from '../../test/receipts';

describe('withdrawals', () => {
  const setup = useAdminApp();

  const fundedInvestor = (amount: number) => newFundedInvestor(setup.app, setup.admin, amount);

  it('needs the payout address for the method, a positive amount and a known method', async () => {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 100);
    const noAddress = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Ethereum' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe('Add your Ethereum payout address in Withdrawer Details first');
    for (const body of [
      { amount: 0, method: 'Bitcoin' },
      { amount: -5, method: 'Bitcoin' },
      { amount: '1.005', method: 'Bitcoin' },
      { amount: 5, method: 'Dogecoin' },
      { amount: 'abc', method: 'Bitcoin' },
    ]) {
      expect((await investor.client.post('/api/withdrawals', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('holds the amount at once and refuses more than the available balance', async () => {
    const investor = await fundedInvestor(100);
    const created = await investor.client.post('/api/withdrawals', { amount: 60.5, method: 'Bitcoin' });
    expect(created.status).toBe(201);
    expect(created.body.withdrawal).toMatchObject({
      amount: 60.5,
      method: 'Bitcoin',
      address: btcAddress,
      status: 'pending',
    });
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(39.5);
    const tooMuch = await investor.client.post('/api/withdrawals', { amount: 39.51, method: 'Bitcoin' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual({ message: 'Insufficient balance' });
    expect(await setup.app.db('withdrawals').where({ amount_cents: 3951 }).first()).toBeUndefined();
  });

  it('lets exactly floor(balance / amount) of many concurrent withdrawals through', async () => {
    const investor = await fundedInvestor(100);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => investor.client.post('/api/withdrawals', { amount: 30, method: 'Bitcoin' })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
    expect((await investor.client.get('/api/dashboard')).body.balances.accountBalance).toBe(10);
  });

  it('is paid or released once; a second decision is a conflict', async () => {
    const investor = await fundedInvestor(200);
    const first = (await investor.client.post('/api/withdrawals', { amount: 50, method: 'Bitcoin' })).body.withdrawal;
    const second = (await investor.client.post('/api/withdrawals', { amount: 70, method: 'Bitcoin' })).body.withdrawal;
    const listed = (await setup.admin.get('/api/admin/withdrawals?status=pending&pageSize=100')).body.withdrawals.find(
      (row: { id: string }) => row.id === first.id,
    );
    expect(listed).toMatchObject({
      user: { id: investor.user.id, email: investor.payload.email },
      amount: 50,
      availableBalance: 80,
    });

    const approvals = await Promise.all(
      [1, 2].map(() => setup.admin.post(`/api/admin/withdrawals/${first.id}/approve`, { txHash: '0xabc123def456' })),
    );
    expect(approvals.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect((await setup.admin.post(`/api/admin/withdrawals/${first.id}/reject`, { reason: 'late' })).status).toBe(409);
    expect(
      (
        await setup.admin.post(`/api/admin/withdrawals/${second.id}/reject`, {
          reason: 'Address belongs to an exchange that refuses it',
        })
      ).status,
    ).toBe(200);

    const { balances } = (await investor.client.get('/api/dashboard')).body;
    expect(balances).toMatchObject({ accountBalance: 150, totalWithdrawal: 50, totalDeposit: 200 });
    const mine = (await investor.client.get('/api/withdrawals')).body.withdrawals;
    expect(mine.map((row: { status: string }) => row.status).sort()).toEqual(['paid', 'rejected']);
    const audit = await setup.app.db('audit_log').whereIn('subject_id', [first.id, second.id]).orderBy('id');
    expect(audit.map((row) => row.action)).toEqual(['withdrawal.approve', 'withdrawal.reject']);
  });
});
