import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { useTestApp } from '../../test/test-app';

describe('no investor reads or changes another investor’s money', () => {
  let alice: Awaited<ReturnType<typeof signUpInvestor>>;
  let mallory: Awaited<ReturnType<typeof signUpInvestor>>;
  let aliceDeposit: string;
  let aliceWithdrawal: string;

  const app = useTestApp();
  beforeAll(async () => {
    const admin = (await signInAdmin(app)).client;
    alice = await fundedInvestor(app, admin, 500);
    mallory = await signUpInvestor(app);
    aliceDeposit = (await uploadReceipt(alice.client, { email: alice.payload.email, amount: 90 })).body.deposit.id;
    aliceWithdrawal = (await alice.client.post('/api/withdrawals', { amount: 25, method: 'Bitcoin' })).body.withdrawal
      .id;
    await alice.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 });
  });

  it('lists only the caller’s own records', async () => {
    const reads = [
      '/api/deposits',
      '/api/withdrawals',
      '/api/investments',
      '/api/referrals',
      '/api/dashboard',
      '/api/user',
      '/api/userdata',
      '/api/transactions?tab=deposit',
      '/api/transactions?tab=withdrawal',
      '/api/transactions?tab=others',
    ];
    for (const path of reads) {
      const text = JSON.stringify((await mallory.client.get(path)).body);
      for (const secret of [aliceDeposit, aliceWithdrawal, alice.user.id, alice.payload.email])
        expect(text, path).not.toContain(secret);
    }
    const dashboard = (await mallory.client.get('/api/dashboard')).body;
    expect(dashboard.balances.accountBalance).toBe(0);
  });

  it('cannot reach admin routes that name another investor’s records', async () => {
    const attempts = [
      mallory.client.get(`/api/admin/receipts/${aliceDeposit}/file`),
      mallory.client.post(`/api/admin/confirm-receipt/${aliceDeposit}`),
      mallory.client.post(`/api/admin/reject-receipt/${aliceDeposit}`, { reason: 'x' }),
      mallory.client.post(`/api/admin/withdrawals/${aliceWithdrawal}/approve`, { txHash: '0x1234567890' }),
      mallory.client.post(`/api/admin/withdrawals/${aliceWithdrawal}/reject`, { reason: 'x' }),
      mallory.client.get('/api/admin/receipts'),
      mallory.client.get('/api/admin/withdrawals'),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.status).toBe(403);
    const deposit = await app.db('deposits').where({ id: aliceDeposit }).first();
    expect(deposit.status).toBe('pending');
  });

  it('cannot spend, withdraw or upload in another’s name', async () => {
    const upload = await uploadReceipt(mallory.client, { email: alice.payload.email, amount: 100 });
    expect(upload.status).toBe(400);
    expect((await mallory.client.post('/api/withdrawals', { amount: 25, method: 'Bitcoin' })).status).toBe(400);
    await mallory.client.put('/api/update-profile', { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    expect((await mallory.client.post('/api/withdrawals', { amount: 25, method: 'Bitcoin' })).status).toBe(409);
    expect((await mallory.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 })).status).toBe(
      409,
    );
    expect((await alice.client.get('/api/dashboard')).body.balances.accountBalance).toBe(375);
  });
});
