import { describe, expect, it } from 'vitest';
import { chainsSchema } from '../../../config/chains';
import { testXpub } from '../../../test/chain-keys';
import { lastMailTo, signUpInvestor, useAdminApp, type AdminAppSetup } from '../../../test/fixtures';
import { fundInvestor } from '../../../test/receipts';

// Addresses of one key (…d91af3c) in each network's forms, as the coins' wallets write them.
const litecoin = {
  mainnet: 'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z4nqduv',
  regtest: 'rltc1qcr8te4kr609gcawutmrza0j4xv80jy8z8dz7lc',
  regtestLegacy: 'my6RhGaMEf8v9yyQKqiuUYniJLfyU4gzqe',
  regtestScript: 'QboTkJo8woegzh9E2riUvcpKXTddvbDVfk',
};
const dogecoin = {
  mainnet: 'DNiZwUS1j3bwusgPLrk6CPjzKUoZuYsVYq',
  mainnetScript: 'A7dkJQ4mPJy9Z6879kj1U71zsJMgNraBaP',
  // Dogecoin has no segwit: a bech32 form under its prefixes is nothing its wallets can receive.
  segwit: 'doge1qcr8te4kr609gcawutmrza0j4xv80jy8zj44q0e',
  testnet: 'nmmdfVAvf24fnrFaNgPYSoLHZMBru7HfRK',
};
const hour = 3_600_000;

const offeredMethods = async (setup: AdminAppSetup) =>
  (await setup.app.client().get('/api/config')).body.withdrawalMethods;

describe('Litecoin and Dogecoin without their chains', () => {
  const setup = useAdminApp();

  it('are not offered: neither as a withdrawal method nor as a payout address', async () => {
    const investor = await signUpInvestor(setup.app);
    const edit = (body: Record<string, string>) => investor.client.put('/api/update-profile', body);
    expect(await offeredMethods(setup)).toEqual(['Bitcoin', 'Ethereum', 'USDT']);
    await fundInvestor(setup.app, investor, setup.admin, 50);
    const refused = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Litecoin' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Litecoin withdrawals are not offered: no Litecoin chain is configured');
    const address = await edit({ litecoinAddress: litecoin.mainnet });
    expect(address.status).toBe(400);
    expect(address.body).toMatchObject({
      message: 'Litecoin payout addresses are not taken: no Litecoin chain is configured',
      errors: { litecoinAddress: 'Litecoin payout addresses are not taken: no Litecoin chain is configured' },
    });
    // The form sends every field on each save: an empty one changes nothing and passes.
    expect((await edit({ litecoinAddress: '', dogecoinAddress: '' })).status).toBe(200);
    expect((await investor.client.get('/api/user')).body.user).toMatchObject({
      litecoinAddress: null,
      dogecoinAddress: null,
    });
  });
});

describe('Litecoin (regtest) and Dogecoin (mainnet) with their chains configured', () => {
  const setup = useAdminApp({
    operator: {
      chains: chainsSchema.parse({
        litecoin: {
          kind: 'utxo',
          network: 'regtest',
          rpcUrl: 'http://u:p@127.0.0.1:1',
          xpub: testXpub("m/84'/1'/0'", 'tpub'),
        },
        dogecoin: { kind: 'utxo', network: 'mainnet', rpcUrl: 'http://u:p@127.0.0.1:1', xpub: testXpub("m/44'/3'/0'") },
      }),
    },
  });

  const confirmLink = async (email: string) =>
    /confirm-payout-address\?token=([\w-]+)/.exec((await lastMailTo(setup.app, email)).body)![1]!;

  it('offers their coins as withdrawal methods, named as the deposit page names them', async () => {
    expect(await offeredMethods(setup)).toEqual(['Bitcoin', 'Ethereum', 'USDT', 'Litecoin', 'Dogecoin']);
  });

  it("takes only an address of the chain's own network, with a clear message otherwise", async () => {
    const investor = await signUpInvestor(setup.app);
    const edit = (body: Record<string, string>) => investor.client.put('/api/update-profile', body);
    for (const [body, field, message] of [
      [{ litecoinAddress: litecoin.mainnet }, 'litecoinAddress', 'Not a valid Litecoin regtest address'],
      [{ litecoinAddress: dogecoin.mainnet }, 'litecoinAddress', 'Not a valid Litecoin address'],
      [
        { litecoinAddress: 'rltc1qcr8te4kr609gcawutmrza0j4xv80jy8z8dz7la' },
        'litecoinAddress',
        'Not a valid Litecoin regtest address',
      ],
      [{ dogecoinAddress: dogecoin.testnet }, 'dogecoinAddress', 'Not a valid Dogecoin mainnet address'],
      [{ dogecoinAddress: dogecoin.segwit }, 'dogecoinAddress', 'Not a valid Dogecoin address'],
    ] as const) {
      const refused = await edit(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors, JSON.stringify(body)).toMatchObject({ [field]: message });
    }
    expect((await investor.client.get('/api/user')).body.user.litecoinAddress).toBeNull();
    expect(await setup.app.db('audit_log').where({ subject_id: investor.user.id })).toHaveLength(0);
    for (const address of [litecoin.regtestLegacy, litecoin.regtestScript]) {
      const other = await signUpInvestor(setup.app);
      expect((await other.client.put('/api/update-profile', { litecoinAddress: address })).status).toBe(200);
    }
    const both = await edit({ litecoinAddress: litecoin.regtest, dogecoinAddress: dogecoin.mainnetScript });
    expect(both.status).toBe(200);
    expect(both.body.user).toMatchObject({
      litecoinAddress: litecoin.regtest,
      dogecoinAddress: dogecoin.mainnetScript,
    });
  });

  it('a changed Litecoin address waits for its link and the hold, then the Litecoin withdrawal pays it', async () => {
    const investor = await signUpInvestor(setup.app);
    // A 30-day session, so the investor stays signed in while the test moves the clock by a day.
    const remembered = await setup.app
      .client()
      .post('/api/signin', { email: investor.payload.email, password: investor.payload.password, rememberMe: true });
    investor.client.token = remembered.body.token;
    await fundInvestor(setup.app, investor, setup.admin, 100);
    const missing = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Litecoin' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Add your Litecoin payout address in Withdrawer Details first');

    expect((await investor.client.put('/api/update-profile', { litecoinAddress: litecoin.regtest })).status).toBe(200);
    const first = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Litecoin' });
    expect(first.status).toBe(201);
    expect(first.body.withdrawal).toMatchObject({ method: 'Litecoin', address: litecoin.regtest, status: 'pending' });

    const change = await investor.client.put('/api/update-profile', { litecoinAddress: litecoin.regtestLegacy });
    expect(change.status).toBe(200);
    expect(change.body.user.litecoinAddress).toBe(litecoin.regtest);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.litecoin).toEqual({
      address: litecoin.regtest,
      pending: { address: litecoin.regtestLegacy, confirmed: false, takesEffectAt: null },
    });
    const mail = await lastMailTo(setup.app, investor.payload.email);
    expect(mail.subject).toMatch(/confirm your new litecoin payout address/);
    const token = await confirmLink(investor.payload.email);
    expect((await setup.app.client().post('/api/payout-addresses/confirm', { token })).status).toBe(200);
    setup.app.clock.advance(23 * hour);
    const during = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Litecoin' });
    expect(during.body.withdrawal.address).toBe(litecoin.regtest);
    setup.app.clock.advance(1 * hour + 60_000);
    const after = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Litecoin' });
    expect(after.body.withdrawal).toMatchObject({ method: 'Litecoin', address: litecoin.regtestLegacy });
    expect((await investor.client.get('/api/user')).body.user.litecoinAddress).toBe(litecoin.regtestLegacy);
    const actions = await setup.app
      .db('audit_log')
      .where({ subject_id: investor.user.id })
      .where('action', 'like', 'payout_address.%')
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual([
      'payout_address.set',
      'payout_address.change_request',
      'payout_address.change_confirm',
      'payout_address.activate',
    ]);
  });
});
