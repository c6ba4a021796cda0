import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testMnemonic, testXpub } from '../../test/chain-keys';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';

const token = `0x${'c'.repeat(40)}`;
const chains = {
  ethereum: {
    kind: 'evm',
    rpcUrl: 'http://127.0.0.1:9',
    xpub: testXpub("m/44'/60'/0'"),
    confirmations: 3,
    coins: { ethereum: { native: true }, usdt: { contract: token, decimals: 6 } },
  },
  litecoin: {
    kind: 'utxo',
    rpcUrl: 'http://u:p@127.0.0.1:9',
    xpub: testXpub("m/84'/1'/0'", 'tpub'),
    network: 'regtest',
  },
};

describe('deposit quotes', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    setup = await startChainApp(chains);
  });
  afterAll(() => setup.close());

  it('tell the deposit page which coins are credited from their chain', async () => {
    const { body } = await setup.app.client().get('/api/config');
    expect(body.onChainCoins).toEqual(['ethereum', 'usdt', 'litecoin']);
  });

  it('quote a fresh derived address, the coin amount at the live rate and a 30-minute window', async () => {
    const { client } = await signUpInvestor(setup.app);
    const before = setup.app.clock.now().getTime();
    const first = await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' });
    expect(first.status).toBe(201);
    const { quote } = first.body;
    expect(quote).toMatchObject({ coin: 'ethereum', chain: 'ethereum', coinAmount: '0.025', amount: 50, rate: '2000' });
    expect(quote.address).toBe(mnemonicToAccount(testMnemonic, { addressIndex: 0 }).address);
    expect(quote.paymentUri).toBe(`ethereum:${quote.address}?value=25000000000000000`);
    const expires = new Date(quote.expiresAt).getTime() - before;
    expect(expires).toBeGreaterThanOrEqual(30 * 60_000);
    expect(expires).toBeLessThan(31 * 60_000);
    expect(Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)).toBe(30 * 60_000);

    // Asked again while open and unpaid: the same quote and address, the new amount, a fresh rate and window.
    setup.app.clock.advance(10 * 60_000);
    const again = await client.post('/api/deposit-quotes', { amount: '75.50', coin: 'ethereum' });
    expect(again.status).toBe(200);
    expect(again.body.quote).toMatchObject({ id: quote.id, address: quote.address, coinAmount: '0.03775' });
    expect(Date.parse(again.body.quote.expiresAt) - Date.parse(quote.expiresAt)).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('keep one open quote per investor and coin, and burn no address for quotes asked again and again', async () => {
    const { client, user } = await signUpInvestor(setup.app);
    const before = Number((await setup.app.db('chain_addresses').count('* as n').first())!.n);
    const replies = [];
    for (let i = 0; i < 25; i++)
      replies.push(await client.post('/api/deposit-quotes', { amount: 50 + i, coin: 'litecoin' }));
    expect(replies.map((reply) => reply.status)).toEqual([201, ...Array(24).fill(200)]);
    expect(new Set(replies.map((reply) => reply.body.quote.id)).size).toBe(1);
    expect(replies.at(-1)!.body.quote.amount).toBe(74);
    expect(Number((await setup.app.db('chain_addresses').count('* as n').first())!.n)).toBe(before + 1);
    expect(await setup.app.db('deposit_quotes').where({ user_id: user.id, coin: 'litecoin' })).toHaveLength(1);
    // Another coin is another quote.
    expect((await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' })).status).toBe(201);
  });

  it('give an expired unpaid address back to the same investor only, never to anyone else', async () => {
    const first = await signUpInvestor(setup.app);
    const second = await signUpInvestor(setup.app);
    const old = (await first.client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' })).body.quote;
    setup.app.clock.advance(31 * 60_000);
    const others = (await second.client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' })).body.quote;
    expect(others.address).not.toBe(old.address);
    const next = await first.client.post('/api/deposit-quotes', { amount: 60, coin: 'litecoin' });
    expect(next.status).toBe(201);
    expect(next.body.quote.id).not.toBe(old.id);
    expect(next.body.quote.address).toBe(old.address);
  });

  it('never give two investors asking at once the same address, nor one investor two open quotes', async () => {
    const investors = await Promise.all(Array.from({ length: 6 }, () => signUpInvestor(setup.app)));
    const replies = await Promise.all(
      investors.map(({ client }) => client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(201));
    expect(new Set(replies.map((reply) => reply.body.quote.address)).size).toBe(6);
    const { client } = investors[0]!;
    const again = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/deposit-quotes', { amount: 60 + i, coin: 'ethereum' })),
    );
    expect(again.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(again.map((reply) => reply.body.quote.id)).size).toBe(1);
    expect(new Set(again.map((reply) => reply.body.quote.address)).size).toBe(1);
  });

  it('take stablecoins at par, pay tokens by transfer call, and litecoin by BIP21', async () => {
    const { client } = await signUpInvestor(setup.app);
    const usdt = (await client.post('/api/deposit-quotes', { amount: 60, coin: 'usdt' })).body.quote;
    expect(usdt).toMatchObject({ coinAmount: '60', rate: '1' });
    expect(usdt.paymentUri).toBe(`ethereum:${token}/transfer?address=${usdt.address}&uint256=60000000`);
    const ltc = (await client.post('/api/deposit-quotes', { amount: 100, coin: 'litecoin' })).body.quote;
    expect(ltc).toMatchObject({ coinAmount: '1.25', rate: '80' });
    expect(ltc.address).toMatch(/^rltc1q/);
    expect(ltc.paymentUri).toBe(`litecoin:${ltc.address}?amount=1.25`);
  });

  it('send coins without a chain to the receipt flow (409) and refuse bad amounts (400)', async () => {
    const { client } = await signUpInvestor(setup.app);
    const tron = await client.post('/api/deposit-quotes', { amount: 50, coin: 'tron' });
    expect(tron.status).toBe(409);
    expect(tron.body.message).toMatch(/No chain is configured for tron/);
    expect((await client.post('/api/deposit-quotes', { amount: 49, coin: 'ethereum' })).status).toBe(400);
    expect((await client.post('/api/deposit-quotes', { amount: 50, coin: 'dogecoin' })).status).toBe(409);
  });

  it('show a quote to its owner only', async () => {
    const owner = await signUpInvestor(setup.app);
    const other = await signUpInvestor(setup.app);
    const { quote } = (await owner.client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' })).body;
    const mine = await owner.client.get(`/api/deposit-quotes/${quote.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ quote, payments: [] });
    expect((await other.client.get(`/api/deposit-quotes/${quote.id}`)).status).toBe(404);
    expect((await setup.app.client().get(`/api/deposit-quotes/${quote.id}`)).status).toBe(401);
    const later = (await owner.client.post('/api/deposit-quotes', { amount: 80, coin: 'litecoin' })).body.quote;
    expect((await owner.client.get('/api/deposit-quotes')).body).toEqual({
      quotes: [
        { quote: later, payments: [] },
        { quote, payments: [] },
      ],
    });
    expect((await other.client.get('/api/deposit-quotes')).body).toEqual({ quotes: [] });
  });

  it('list the configured chains for the admin, never scanned yet', async () => {
    const admin = await signInAdmin(setup.app);
    const reply = await admin.client.get('/api/admin/chains');
    expect(reply.status).toBe(200);
    expect(reply.body.chains.map((chain: { chain: string }) => chain.chain)).toEqual(['ethereum', 'litecoin']);
    expect(reply.body.chains[0]).toEqual({
      chain: 'ethereum',
      addressGap: expect.objectContaining({ gapLimit: 20, beyondGapLimit: false }),
      tipHeight: null,
      scannedHeight: null,
      lag: null,
      lastScanAt: null,
      lastError: null,
    });
  });
});

describe('deposit quotes asked too often', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    setup = await startChainApp(chains, { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => setup.close());

  it('are refused per investor (429 with Retry-After) after 10 a minute, whatever the address', async () => {
    const { client } = await signUpInvestor(setup.app);
    const { client: other } = await signUpInvestor(setup.app);
    for (let i = 0; i < 10; i++) {
      const ip = `198.51.100.${i + 1}`;
      const reply = await client.post(
        '/api/deposit-quotes',
        { amount: 50, coin: 'litecoin' },
        { headers: { 'x-forwarded-for': ip } },
      );
      expect(reply.status).toBeLessThan(300);
    }
    const refused = await client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await other.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' })).status).toBe(201);
  });
});

describe('receive addresses against the wallet gap limit', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    setup = await startChainApp({ ...chains, litecoin: { ...chains.litecoin, gapLimit: 3 } });
  });
  afterAll(() => setup.close());

  it('warns the admin once more unused addresses are outstanding in a row than the wallet looks past', async () => {
    const admin = await signInAdmin(setup.app);
    const gap = async () =>
      (await admin.client.get('/api/admin/chains')).body.chains.find(
        (chain: { chain: string }) => chain.chain === 'litecoin',
      ).addressGap;
    for (let i = 0; i < 2; i++) {
      const { client } = await signUpInvestor(setup.app);
      await client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' });
    }
    expect(await gap()).toEqual({ gapLimit: 3, issued: 2, longestUnusedRun: 2, beyondGapLimit: false });
    const { client } = await signUpInvestor(setup.app);
    await client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' });
    expect(await gap()).toEqual({ gapLimit: 3, issued: 3, longestUnusedRun: 3, beyondGapLimit: true });
  });
});

describe('deposit quotes without a live rate', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    setup = await startChainApp(chains);
    setup.upstream.state.mode = 'error';
  });
  afterAll(() => setup.close());

  it('are refused (503), never priced from the bundled sample', async () => {
    const { client } = await signUpInvestor(setup.app);
    const reply = await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toMatch(/No live ethereum rate/);
    expect(await setup.app.db('deposit_quotes').count('* as n').first()).toEqual({ n: 0 });
  });

  it('are refused when the last good copy is older than five minutes', async () => {
    setup.upstream.state.mode = 'ok';
    const { client } = await signUpInvestor(setup.app);
    setup.app.clock.advance(60_000);
    expect((await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' })).status).toBe(201);
    setup.upstream.state.mode = 'error';
    setup.app.clock.advance(6 * 60_000);
    expect((await client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' })).status).toBe(503);
  });
});
