import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { useEvmChain } from '../../test/evm-chain';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';

describe('reserves beside the liabilities, read from a real node (anvil)', () => {
  const chain = useEvmChain();

  it('lists every derived deposit address with its on-chain balance, values them and gives the ratio', async () => {
    const { app } = chain;
    const admin = await signInAdmin(app);
    const first = await chain.quoted(50);
    const second = await chain.quoted(60, 'usdt');
    await chain.payer.payEth(first.quote.address, parseEther('0.5'));
    await chain.payer.payToken(second.quote.address, 30_000_000n);
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin.client, 800);
    const { snapshot } = (await admin.client.post('/api/admin/proof-of-liabilities')).body;
    expect(snapshot.totalCents).toBe(80_000);

    const { status, body } = await app.client().get('/api/proof-of-liabilities/reserves');
    expect(status).toBe(200);
    const row = (address: string, coin: string) =>
      body.addresses.find((one: { address: string; coin: string }) => one.address === address && one.coin === coin);
    expect(body.addresses).toHaveLength(4);
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
    const unpaid = (await client.post('/api/deposit-quotes', { amount: 100, coin: 'litecoin' })).body.quote;
    await node.wallet.call('sendtoaddress', paid.address, '1.25');
    await node.wallet.call('sendtoaddress', paid.address, '0.5');
    await node.mine(1);
    const { body } = await setup.app.client().get('/api/proof-of-liabilities/reserves');
    // At the test price of $80 per LTC; no snapshot yet, so no ratio.
    expect(body.addresses).toEqual([
      { chain: 'litecoin', coin: 'litecoin', address: paid.address, balance: '1.75', value: 140 },
      { chain: 'litecoin', coin: 'litecoin', address: unpaid.address, balance: '0', value: 0 },
    ]);
    expect(body).toMatchObject({ configured: true, total: 140, liabilities: null, ratio: null });
  });
});
