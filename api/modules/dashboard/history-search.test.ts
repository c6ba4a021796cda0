import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, uploadReceipt } from '../../test/receipts';

describe('GET /api/transactions search', () => {
  const setup = useAdminApp();

  it('finds rows by type, by coin or method, and by status, and names the coin or method of each', async () => {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 150, { coin: 'bitcoin' });
    await uploadReceipt(investor.client, { email: investor.payload.email, amount: 80, coin: 'ethereum' });
    await investor.client.put('/api/update-profile', { usdtAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    await investor.client.post('/api/withdrawals', { amount: 20, method: 'USDT' });
    const search = async (tab: string, term: string) =>
      (await investor.client.get(`/api/transactions?tab=${tab}&type=${encodeURIComponent(term)}`)).body as {
        items: Array<Record<string, unknown>>;
        total: number;
      };

    const bitcoin = await search('deposit', 'Bitcoin');
    expect(bitcoin.items).toEqual([
      expect.objectContaining({ type: 'Deposit', via: 'bitcoin', status: 'confirmed', amount: 150 }),
    ]);
    expect((await search('deposit', 'pending')).items).toEqual([
      expect.objectContaining({ via: 'ethereum', amount: 80 }),
    ]);
    expect((await search('deposit', 'deposit')).total).toBe(2);
    expect((await search('withdrawal', 'usdt')).items).toEqual([
      expect.objectContaining({ type: 'Withdrawal (USDT)', via: 'USDT', status: 'pending' }),
    ]);
    expect((await search('deposit', 'litecoin')).total).toBe(0);
    // LIKE wildcards are searched for as text.
    expect((await search('deposit', '%')).total).toBe(0);
  });
});
