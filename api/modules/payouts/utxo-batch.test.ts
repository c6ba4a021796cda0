import { p2wpkh, WIF } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainConfig } from '../../config/chains';
import { testAccountKey, testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { deriveAddress } from '../chain-deposits/derive-address';
import { createUtxoRpc, type UtxoRpc } from '../chain-deposits/utxo-rpc';
import { BatchNotFundedError, buildBatchPsbt, checkSignedBatch, type SpendableCoin } from './utxo-batch';

// The operator's wallet is the node's own (legacy) wallet holding the keys of the derived addresses: the test imports
// them, as an operator's wallet restored from the same seed would have them. The code under test never sees a key.
const accountPath = "m/84'/1'/0'";
const config = { kind: 'utxo', xpub: testXpub(accountPath, 'tpub'), network: 'regtest' } as ChainConfig;
const network = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };
const litoshis = (ltc: number) => BigInt(Math.round(ltc * 1e8));

let node: Awaited<ReturnType<typeof startLitecoind>>;
let operator: UtxoRpc;

const changeAddress = (index: number) => {
  const key = testAccountKey(accountPath, 'tpub').deriveChild(1).deriveChild(index);
  return p2wpkh(key.publicKey!, network).address!;
};

/** Pays `ltc` to the derived receive address `0/index` from the node's other wallet and returns the coin. */
async function receive(index: number, ltc: number): Promise<SpendableCoin> {
  const { address, matchKey } = deriveAddress('litecoin', config, index);
  const txid = await node.wallet.call<string>('sendtoaddress', address, ltc.toFixed(8));
  const tx = await node.wallet.call<{ vout: Array<{ n: number; scriptPubKey: { hex: string } }> }>(
    'getrawtransaction',
    txid,
    true,
  );
  const vout = tx.vout.find((output) => output.scriptPubKey.hex === matchKey)!.n;
  return { txid, vout, units: litoshis(ltc), script: matchKey };
}

async function operatorSigns(psbt: string) {
  const signed = await operator.call<{ psbt: string; complete: boolean }>('walletprocesspsbt', psbt);
  return signed.psbt;
}

const decoded = (rawTx: string) =>
  node.rpc.call<{
    txid: string;
    vout: Array<{ value: number; scriptPubKey: { addresses?: string[]; address?: string } }>;
  }>('decoderawtransaction', rawTx);
const outputAddress = (output: { scriptPubKey: { addresses?: string[]; address?: string } }) =>
  output.scriptPubKey.address ?? output.scriptPubKey.addresses?.[0];

beforeAll(async () => {
  node = await startLitecoind({ replacement: true });
  await node.rpc.call('createwallet', 'operator', false, false, '', false, false);
  operator = createUtxoRpc(`${node.url}/wallet/operator`);
  const account = testAccountKey(accountPath, 'tpub');
  for (const branch of [0, 1])
    for (let index = 0; index < 6; index++) {
      const key = account.deriveChild(branch).deriveChild(index);
      await operator.call('importprivkey', WIF(network).encode(key.privateKey!), '', false);
    }
});

afterAll(async () => {
  await node?.stop();
});

describe('payout batches as PSBTs signed in the operator wallet (litecoind regtest)', () => {
  it('pays three withdrawals in one transaction, the change to 1/0, once the operator signed it', async () => {
    const coins = [await receive(0, 1), await receive(1, 0.5), await receive(2, 0.2)];
    await node.mine(1);
    const investors = await Promise.all([1, 2, 3].map(() => node.wallet.call<string>('getnewaddress', '', 'bech32')));
    const payments = investors.map((address, index) => ({ address, units: litoshis(0.3 + index * 0.1) }));
    const batch = buildBatchPsbt({ network, coins, payments, changeAddress: changeAddress(0), feeRate: 20 });

    const analysed = await node.rpc.call<{ fee: number; estimated_vsize: number }>('analyzepsbt', batch.psbt);
    expect(litoshis(analysed.fee)).toBe(batch.feeUnits);
    expect(batch.feeUnits).toBeGreaterThanOrEqual(20n * BigInt(batch.virtualSize) - 20n);
    expect(batch.inputs.map((coin) => coin.units)).toEqual([litoshis(1), litoshis(0.5)]);

    const check = checkSignedBatch(batch, await operatorSigns(batch.psbt));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.txid).toBe(batch.txid);
    const tx = await decoded(check.rawTx);
    expect(tx.vout.slice(0, 3).map(outputAddress)).toEqual(investors);
    expect(tx.vout.slice(0, 3).map((output) => litoshis(output.value))).toEqual(payments.map((p) => p.units));
    expect(outputAddress(tx.vout[3]!)).toBe(changeAddress(0));
    expect(litoshis(tx.vout[3]!.value)).toBe(litoshis(1.5) - litoshis(0.3 + 0.4 + 0.5) - batch.feeUnits);
    expect(batch.change).toEqual({ vout: 3, units: litoshis(tx.vout[3]!.value) });

    expect(await node.rpc.call('sendrawtransaction', check.rawTx)).toBe(batch.txid);
    await node.mine(1);
    for (const [index, address] of investors.entries())
      expect(await node.wallet.call<number>('getreceivedbyaddress', address)).toBeCloseTo(0.3 + index * 0.1, 8);
  });

  it('refuses a signed PSBT of another transaction, one with changed outputs, an unsigned one and garbage', async () => {
    const coins = [await receive(3, 0.4)];
    await node.mine(1);
    const investor = await node.wallet.call<string>('getnewaddress', '', 'bech32');
    const batch = buildBatchPsbt({
      network,
      coins,
      payments: [{ address: investor, units: litoshis(0.1) }],
      changeAddress: changeAddress(1),
      feeRate: 20,
    });
    const otherAddress = await node.wallet.call<string>('getnewaddress', '', 'bech32');
    const redirected = buildBatchPsbt({
      network,
      coins,
      payments: [{ address: otherAddress, units: litoshis(0.1) }],
      changeAddress: changeAddress(1),
      feeRate: 20,
    });
    const otherCoins = buildBatchPsbt({
      network,
      coins: [await receive(4, 0.4)],
      payments: [{ address: investor, units: litoshis(0.1) }],
      changeAddress: changeAddress(1),
      feeRate: 20,
    });

    const outputsChanged = checkSignedBatch(batch, await operatorSigns(redirected.psbt));
    expect(outputsChanged).toEqual({ ok: false, reason: expect.stringMatching(/outputs of this PSBT differ/) });
    const anotherTransaction = checkSignedBatch(batch, await operatorSigns(otherCoins.psbt));
    expect(anotherTransaction).toEqual({ ok: false, reason: expect.stringMatching(/spends other coins/) });
    expect(checkSignedBatch(batch, batch.psbt)).toEqual({ ok: false, reason: 'Input 1 of 1 is not signed' });
    expect(checkSignedBatch(batch, 'not a psbt')).toEqual({ ok: false, reason: expect.stringMatching(/not a PSBT/) });
    expect(checkSignedBatch(batch, await operatorSigns(batch.psbt)).ok).toBe(true);
  });

  it('bumps the fee on the same inputs: only one of the two transactions can confirm', async () => {
    const coins = [await receive(5, 0.6)];
    await node.mine(1);
    const investor = await node.wallet.call<string>('getnewaddress', '', 'bech32');
    const payments = [{ address: investor, units: litoshis(0.25) }];
    const first = buildBatchPsbt({ network, coins, payments, changeAddress: changeAddress(2), feeRate: 20 });
    const firstSigned = checkSignedBatch(first, await operatorSigns(first.psbt));
    if (!firstSigned.ok) throw new Error(firstSigned.reason);
    await node.rpc.call('sendrawtransaction', firstSigned.rawTx);

    const bump = buildBatchPsbt({
      network,
      coins: first.inputs,
      payments,
      changeAddress: changeAddress(2),
      feeRate: 60,
      mode: 'all',
    });
    expect(bump.inputs).toEqual(first.inputs);
    expect(bump.feeUnits).toBeGreaterThan(first.feeUnits);
    expect(bump.txid).not.toBe(first.txid);
    const bumpSigned = checkSignedBatch(bump, await operatorSigns(bump.psbt));
    if (!bumpSigned.ok) throw new Error(bumpSigned.reason);
    expect(await node.rpc.call('sendrawtransaction', bumpSigned.rawTx)).toBe(bump.txid);
    await node.mine(1);

    // The operator's wallet knows both: the bump confirmed, the first is in conflict with it (negative depth).
    const confirmations = async (txid: string) =>
      (await operator.call<{ confirmations: number }>('gettransaction', txid)).confirmations;
    expect(await confirmations(bump.txid)).toBe(1);
    expect(await confirmations(first.txid)).toBeLessThan(0);
    expect(await node.wallet.call<number>('getreceivedbyaddress', investor)).toBeCloseTo(0.25, 8);
  });

  it('says how much there is when the coins do not cover the batch and its fee', () => {
    const coin = {
      txid: '11'.repeat(32),
      vout: 0,
      units: 10_000n,
      script: deriveAddress('litecoin', config, 0).matchKey,
    };
    const attempt = () =>
      buildBatchPsbt({
        network,
        coins: [coin],
        payments: [{ address: changeAddress(3), units: 9_990n }],
        changeAddress: changeAddress(4),
        feeRate: 20,
      });
    expect(attempt).toThrow(BatchNotFundedError);
    try {
      attempt();
    } catch (error) {
      expect((error as BatchNotFundedError).availableUnits).toBe(10_000n);
    }
  });
});
