import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { useEvmChain } from '../../test/evm-chain';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { createChainWatcher, createLiveRates } from '../chain-deposits/chain-deposits.api';
import { createMarketService } from '../market/market.service';

describe('reserves beside the liabilities, read from a real node (anvil)', () => {
  const chain = useEvmChain();

  it('lists every deposit address that received coins with its on-chain balance, values them and gives the ratio', async () => {
    const { app } = chain;
    const admin = await signInAdmin(app);
    const first = await chain.quoted(50);
    const second = await chain.quoted(60, 'usdt');
    await chain.payer.payEth(first.quote.address, parseEther('0.5'));
    await chain.payer.payToken(second.quote.address, 30_000_000n);
    const unpaid = await chain.quoted(70);
    await chain.watcher().pass();
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin.client, 800);
    const { snapshot } = (await admin.client.post('/api/admin/proof-of-liabilities')).body;
    expect(snapshot.totalCents).toBe(80_000);

    const { status, body } = await app.client().get('/api/proof-of-liabilities/reserves');
    expect(status).toBe(200);
    const row = (address: string, coin: string) =>
      body.addresses.find((one: { address: string; coin: string }) => one.address === address && one.coin === coin);
    // The two addresses that received coins, in each coin of the chain; the unpaid quote's address is not read.
    expect(body.addresses).toHaveLength(4);
    expect(row(unpaid.quote.address, 'ethereum')).toBeUndefined();
    // 0.5 ETH at the test price of $2,000, and 30 of the 6-decimal test token taken as USDT at par.
    expect(row(first.quote.address, 'ethereum')).toEqual({
      chain: 'ethereum',
      coin: 'ethereum',
      address: first.quote.address,
      balance: '0.5',
      value: 1000,
    });
    expect(row(second.quote.address, 'usdt')).toMatchObject({ balance: '30', value: 30 });
    expect(row(first.quote.address, 'usdt')).toMatchObject({ balance: '0', value: 0 });
    expect(body).toMatchObject({ configured: true, total: 1030, liabilities: 800, snapshotId: snapshot.id });
    expect(body.ratio).toBeCloseTo(1030 / 800, 10);
  });
});

describe('reserves on a UTXO chain, read from a litecoind regtest node', () => {
  let node: Awaited<ReturnType<typeof startLitecoind>>;
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    node = await startLitecoind();
    setup = await startChainApp({
      litecoin: { kind: 'utxo', rpcUrl: node.url, xpub: testXpub("m/84'/1'/0'", 'tpub'), network: 'regtest' },
    });
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
    await node?.stop();
  });

  it('sums each address’s unspent outputs from the node’s UTXO set (no wallet), two payments to one address', async () => {
    const { client } = await signUpInvestor(setup.app);
    const paid = (await client.post('/api/deposit-quotes', { amount: 100, coin: 'litecoin' })).body.quote;
    const { client: other } = await signUpInvestor(setup.app);
    await other.post('/api/deposit-quotes', { amount: 100, coin: 'litecoin' });
    await node.wallet.call('sendtoaddress', paid.address, '1.25');
    await node.wallet.call('sendtoaddress', paid.address, '0.5');
    await node.mine(1);
    // The watcher records the payments: an address that never received coins is not read at all.
    await createChainWatcher(setup.app.db, {
      chain: 'litecoin',
      config: setup.app.deps.config.operator.chains.litecoin!,
      clock: setup.app.clock,
      liveRates: createLiveRates(createMarketService(setup.app.deps), setup.app.clock),
      referralBonusRate: 0.05,
      kycLimits: setup.app.deps.config.operator.kycLimits,
    }).pass();
    const { body } = await setup.app.client().get('/api/proof-of-liabilities/reserves');
    // At the test price of $80 per LTC; no snapshot yet, so no ratio.
    expect(body.addresses).toEqual([
      { chain: 'litecoin', coin: 'litecoin', address: paid.address, balance: '1.75', value: 140 },
    ]);
    expect(body).toMatchObject({ configured: true, total: 140, liabilities: null, ratio: null });
  });
});
