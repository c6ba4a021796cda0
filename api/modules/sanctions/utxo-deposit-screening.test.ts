import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import type { TestClient } from '../../test/test-client';
import { createLiveRates } from '../chain-deposits/live-rate';
import { createChainWatcher } from '../chain-deposits/watcher';
import { alertOperatorsOfWatcherTrouble } from '../chain-deposits/watcher-alerts';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';
import { createMarketService } from '../market/market.service';

const confirmations = 3;

interface Coin {
  txid: string;
  vout: number;
  amount: number;
}

describe('UTXO deposits screened by their payers (litecoind regtest)', () => {
  let node: Awaited<ReturnType<typeof startLitecoind>>;
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  let admin: TestClient;
  beforeAll(async () => {
    node = await startLitecoind();
    setup = await startChainApp({
      litecoin: {
        kind: 'utxo',
        rpcUrl: node.url,
        xpub: testXpub("m/84'/1'/0'", 'tpub'),
        network: 'regtest',
        confirmations,
        startHeight: (await node.rpc.call<number>('getblockcount')) + 1,
      },
    });
    admin = (await signInAdmin(setup.app)).client;
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
    await node?.stop();
  });

  const db = () => setup.app.db;
  const watcher = () =>
    createChainWatcher(db(), {
      chain: 'litecoin',
      config: setup.app.deps.config.operator.chains.litecoin!,
      clock: setup.app.clock,
      liveRates: createLiveRates(createMarketService(setup.app.deps), setup.app.clock),
      referralBonusRate: setup.app.deps.config.operator.referralBonusRate,
      kycLimits: setup.app.deps.config.operator.kycLimits,
    });
  const quoted = async () => {
    const { client, user } = await signUpInvestor(setup.app);
    const { quote } = (await client.post('/api/deposit-quotes', { amount: 100, coin: 'litecoin' })).body;
    return { client, userId: user.id as string, quote: quote as { address: string; coinAmount: string } };
  };
  const walletAddress = (type: 'bech32' | 'legacy') => node.wallet.call<string>('getnewaddress', '', type);
  /** A confirmed coin of 2 LTC on a new wallet address of its own, locked so that the wallet's own payments leave it. */
  async function coinAt(type: 'bech32' | 'legacy') {
    const address = await walletAddress(type);
    await node.wallet.call('sendtoaddress', address, '2');
    await node.mine(1);
    const [coin] = await node.wallet.call<Coin[]>('listunspent', 1, 9_999_999, [address]);
    await node.wallet.call('lockunspent', false, [{ txid: coin!.txid, vout: coin!.vout }]);
    return { address, coin: coin! };
  }
  /** Sends a transaction spending `coin` alone to `outputs`, the rest less a fee to `change`. */
  async function spend(coin: Coin, outputs: Record<string, string>, change: string) {
    const paid = Object.values(outputs).reduce((sum, amount) => sum + Number(amount), 0);
    const raw = await node.wallet.call<string>('createrawtransaction', [{ txid: coin.txid, vout: coin.vout }], {
      ...outputs,
      [change]: (coin.amount - paid - 0.001).toFixed(8),
    });
    const { hex } = await node.wallet.call<{ hex: string }>('signrawtransactionwithwallet', raw);
    return node.rpc.call<string>('sendrawtransaction', hex);
  }
  /** The payment's ledger key, its output found in the paying wallet's copy (which needs no -txindex). */
  const keyOf = async (txid: string, address: string) => {
    const { decoded } = await node.wallet.call<{
      decoded: { vout: Array<{ n: number; scriptPubKey: { addresses: string[] } }> };
    }>('gettransaction', txid, false, true);
    const index = decoded.vout.find((output) => output.scriptPubKey.addresses[0] === address)!.n;
    return `deposit:litecoin:${txid}:${index}`;
  };
  const sanctionsIncidents = (key: string) => db()('sanctions_incidents').where({ subject_id: key });
  const unscreenedIncidents = () => db()('chain_incidents').where({ kind: 'sources-unscreened' });
  const kindsOf = async (client: TestClient, kind: string) =>
    ((await client.get('/api/notifications')).body.notifications as Array<{ kind: string; body: string }>).filter(
      (notice) => notice.kind === kind,
    );

  it('credits a deposit paid from a listed address to held, with one incident and the notices, a reorg adding none', async () => {
    const listed = await coinAt('bech32');
    // As a list stores a bech32 address (lower case), which is also how the node writes it.
    await db()('sanctioned_addresses').insert({ list: 'litecoin', address: listed.address });
    const { client, userId, quote } = await quoted();
    const txid = await spend(listed.coin, { [quote.address]: quote.coinAmount }, await walletAddress('legacy'));
    const [block] = await node.mine(1);
    const chainWatcher = watcher();
    await chainWatcher.pass();
    const key = await keyOf(txid, quote.address);
    expect(await sanctionsIncidents(key)).toEqual([
      expect.objectContaining({ kind: 'deposit', user_id: userId, chain: 'litecoin', address: listed.address }),
    ]);
    expect(await kindsOf(admin, 'operator.sanctions')).toEqual([
      expect.objectContaining({ body: expect.stringContaining(listed.address) }),
    ]);

    // The block is replaced by an empty one; the payment, back in the mempool, is mined in the next and found again.
    await node.rpc.call('invalidateblock', block);
    await node.wallet.call('generateblock', await walletAddress('legacy'), []);
    await node.mine(confirmations);
    await chainWatcher.pass();
    expect(await sanctionsIncidents(key)).toHaveLength(1);
    expect(await investorBalances(db(), userId)).toMatchObject({ available: 0, held: 10_000 });
    expect(await db()('fund_holds').where({ deposit_key: key })).toEqual([
      expect.objectContaining({ reason: 'sanctions', amount_cents: 10_000 }),
    ]);
    expect(await kindsOf(client, 'deposit.held')).toHaveLength(1);
    expect(await kindsOf(admin, 'operator.sanctions')).toHaveLength(1);
    expect(await unscreenedIncidents()).toEqual([]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('credits to available a deposit from an unlisted address, while one from a listed address in its block is held', async () => {
    const listed = await coinAt('legacy');
    await db()('sanctioned_addresses').insert({ list: 'litecoin', address: listed.address });
    const clean = await coinAt('bech32');
    const [ours, theirs] = [await quoted(), await quoted()];
    // The listed address only receives in our payer's transaction (its change); it pays the other investor beside it.
    const txid = await spend(clean.coin, { [ours.quote.address]: ours.quote.coinAmount }, listed.address);
    const listedTxid = await spend(listed.coin, { [theirs.quote.address]: theirs.quote.coinAmount }, listed.address);
    await node.mine(confirmations);
    await watcher().pass();
    expect(await investorBalances(db(), ours.userId)).toMatchObject({ available: 10_000, held: 0 });
    expect(await sanctionsIncidents(await keyOf(txid, ours.quote.address))).toEqual([]);
    expect(await investorBalances(db(), theirs.userId)).toMatchObject({ available: 0, held: 10_000 });
    expect(await sanctionsIncidents(await keyOf(listedTxid, theirs.quote.address))).toEqual([
      expect.objectContaining({ user_id: theirs.userId, address: listed.address }),
    ]);
    expect(await unscreenedIncidents()).toEqual([]);
  });

  it('without -txindex=1, credits the deposit unscreened: an incident on the Chains page and one notice to the admins', async () => {
    await node.restart({ txindex: false });
    const { userId, quote } = await quoted();
    const txid = await node.wallet.call<string>('sendtoaddress', quote.address, quote.coinAmount);
    await node.mine(confirmations);
    await watcher().pass();
    expect(await investorBalances(db(), userId)).toMatchObject({ available: 10_000, held: 0 });
    const [incident, ...others] = await unscreenedIncidents();
    expect(others).toEqual([]);
    const [, , , index] = (await keyOf(txid, quote.address)).split(':');
    expect(incident.details).toMatchObject({ txHash: txid, index: Number(index), userId });
    expect(incident.details.reason).toMatch(/-txindex/);
    expect((await admin.get('/api/admin/chain-incidents')).body.incidents).toContainEqual(
      expect.objectContaining({ chain: 'litecoin', kind: 'sources-unscreened', resolvedAt: null }),
    );

    await alertOperatorsOfWatcherTrouble(setup.app.deps);
    await alertOperatorsOfWatcherTrouble(setup.app.deps);
    expect(await kindsOf(admin, 'operator.chain')).toEqual([
      expect.objectContaining({
        body: 'The Litecoin node could not give the payers of a deposit, so they were not screened against the sanctions list: start the node with -txindex=1. The deposit was credited; check its payers by hand and close its incident on the Chains page.',
      }),
    ]);
  });
});
