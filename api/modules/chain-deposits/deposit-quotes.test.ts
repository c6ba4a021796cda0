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

    const again = await client.post('/api/deposit-quotes', { amount: '75.50', coin: 'ethereum' });
    expect(again.body.quote.address).toBe(mnemonicToAccount(testMnemonic, { addressIndex: 1 }).address);
    expect(again.body.quote.coinAmount).toBe('0.03775');
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

  it('never give two concurrent quotes the same address', async () => {
    const { client } = await signUpInvestor(setup.app);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/deposit-quotes', { amount: 50, coin: 'litecoin' })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(201));
    expect(new Set(replies.map((reply) => reply.body.quote.address)).size).toBe(6);
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
      tipHeight: null,
      scannedHeight: null,
      lag: null,
      lastScanAt: null,
      lastError: null,
    });
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
