import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { signUpInvestor } from '../../test/fixtures';
import { investorBalances } from '../ledger/ledger.api';
import { createMarketService } from '../market/market.service';
import { createLiveRates } from './live-rate';
import { createChainWatcher } from './watcher';

const confirmations = 3;
const xpub = testXpub("m/84'/1'/0'", 'tpub');

describe('the UTXO watcher on a litecoind regtest node', () => {
  let node: Awaited<ReturnType<typeof startLitecoind>>;
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  beforeAll(async () => {
    node = await startLitecoind();
    const startHeight = (await node.rpc.call<number>('getblockcount')) + 1;
    setup = await startChainApp({
      litecoin: { kind: 'utxo', rpcUrl: node.url, xpub, network: 'regtest', confirmations, startHeight },
    });
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
    await node?.stop();
  });

  const watcher = () =>
    createChainWatcher(setup.app.db, {
      chain: 'litecoin',
      config: setup.app.deps.config.operator.chains.litecoin!,
      clock: setup.app.clock,
      liveRates: createLiveRates(createMarketService(setup.app.deps), setup.app.clock),
      referralBonusRate: setup.app.deps.config.operator.referralBonusRate,
      kycLimits: setup.app.deps.config.operator.kycLimits,
    });
  const quoted = async (amount: number) => {
    const { client, user } = await signUpInvestor(setup.app);
    const { quote } = (await client.post('/api/deposit-quotes', { amount, coin: 'litecoin' })).body;
    return { client, userId: user.id as string, quote };
  };
  const available = async (userId: string) => (await investorBalances(setup.app.db, userId)).available;
  const miner = () => node.wallet.call<string>('getnewaddress', '', 'legacy');

  /** Two signed transactions spending one coin: one pays `address`, the other only the wallet (its double spend). */
  async function paymentAndDoubleSpend(address: string, amount: string) {
    const [coin] = await node.wallet.call<Array<{ txid: string; vout: number; amount: number }>>('listunspent', 1);
    const inputs = [{ txid: coin!.txid, vout: coin!.vout }];
    const sign = async (outputs: Record<string, string>) => {
      const raw = await node.wallet.call<string>('createrawtransaction', inputs, outputs);
      return (await node.wallet.call<{ hex: string }>('signrawtransactionwithwallet', raw)).hex;
    };
    const change = (coin!.amount - Number(amount) - 0.001).toFixed(8);
    return {
      payment: await sign({ [address]: amount, [await miner()]: change }),
      doubleSpend: await sign({ [await miner()]: (coin!.amount - 0.001).toFixed(8) }),
    };
  }
  const mineWith = async (transactions: string[]) =>
    (await node.wallet.call<{ hash: string }>('generateblock', await miner(), transactions)).hash;

  it('derives the addresses litecoind derives from the same descriptor', async () => {
    const { descriptor } = await node.rpc.call<{ descriptor: string }>('getdescriptorinfo', `wpkh(${xpub}/0/*)`);
    const expected = await node.rpc.call<string[]>('deriveaddresses', descriptor, [0, 2]);
    const { quote } = await quoted(50);
    const rows = await setup.app.db('chain_addresses').where({ chain: 'litecoin' }).orderBy('derivation_index');
    expect(rows[0].address).toBe(quote.address);
    for (let index = 1; index < 3; index++) await quoted(50);
    const all = await setup.app.db('chain_addresses').where({ chain: 'litecoin' }).orderBy('derivation_index');
    expect(all.slice(0, 3).map((row) => row.address)).toEqual(expected);
  });

  it('credits an LTC payment once after the required confirmations and not before', async () => {
    const chainWatcher = watcher();
    const { client, userId, quote } = await quoted(100);
    expect(quote.coinAmount).toBe('1.25');
    const txid = await node.wallet.call<string>('sendtoaddress', quote.address, quote.coinAmount);
    await node.mine(1);
    for (let seen = 1; seen < confirmations; seen++) {
      await chainWatcher.pass();
      const { payments } = (await client.get(`/api/deposit-quotes/${quote.id}`)).body;
      expect(payments).toEqual([expect.objectContaining({ txHash: txid, coinAmount: '1.25', confirmations: seen })]);
      expect(await available(userId)).toBe(0);
      await node.mine(1);
    }
    await chainWatcher.pass();
    await node.mine(2);
    await chainWatcher.pass();
    expect(await available(userId)).toBe(10_000);
    expect(
      await setup.app.db('ledger_transactions').where('idempotency_key', 'like', `deposit:litecoin:${txid}:%`),
    ).toHaveLength(1);
  });

  it('never credits a payment whose block was invalidated and its coin double spent', async () => {
    const chainWatcher = watcher();
    const { client, userId, quote } = await quoted(100);
    const { payment, doubleSpend } = await paymentAndDoubleSpend(quote.address, quote.coinAmount);
    const block = await mineWith([payment]);
    await chainWatcher.pass();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0].status).toBe('seen');
    await node.rpc.call('invalidateblock', block);
    await mineWith([doubleSpend]);
    await chainWatcher.pass();
    await node.mine(confirmations + 1);
    await chainWatcher.pass();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0].status).toBe('orphaned');
    expect(await available(userId)).toBe(0);
  });

  it('credits once a payment a reorg moved to another block', async () => {
    const chainWatcher = watcher();
    const { userId, quote } = await quoted(100);
    const { payment } = await paymentAndDoubleSpend(quote.address, quote.coinAmount);
    const block = await mineWith([payment]);
    const height = await node.rpc.call<number>('getblockcount');
    await chainWatcher.pass();
    await node.rpc.call('invalidateblock', block);
    await mineWith([]);
    await node.mine(confirmations);
    await chainWatcher.pass();
    const [row] = await setup.app.db('chain_payments').where({ quote_id: quote.id });
    expect(row).toMatchObject({ status: 'credited', block_height: height + 1 });
    expect(await available(userId)).toBe(10_000);
  });
});
