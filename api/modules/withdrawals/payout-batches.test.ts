import { WIF } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testAccountKey, testXpub } from '../../test/chain-keys';
import { startLitecoind } from '../../test/chain-nodes';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { createLiveRates, createUtxoRpc, type UtxoRpc } from '../chain-deposits/chain-deposits.api';
import { createChainWatcher } from '../chain-deposits/watcher';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';
import { createMarketService } from '../market/market.service';
import { createPayoutBatches, type PayoutBatchesOptions } from './payout-batches.service';

// The operator is played by the node's own wallet holding the keys of the derived receive (0/i) and change (1/j)
// addresses, as a wallet restored from the same seed would; the server under test only ever sees the account's xpub.
const accountPath = "m/84'/1'/0'";
const confirmations = 2;
const network = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };
// The BIP 39 test mnemonic's master key fingerprint, as wallets show it.
const masterFingerprint = '73c5da0a';
const litoshis = (ltc: string | number) => BigInt(Math.round(Number(ltc) * 1e8));

describe('UTXO payout batches signed in the operator wallet (litecoind regtest)', () => {
  let node: Awaited<ReturnType<typeof startLitecoind>>;
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  let operator: UtxoRpc;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    node = await startLitecoind({ replacement: true });
    await node.rpc.call('createwallet', 'operator', false, false, '', false, false);
    operator = createUtxoRpc(`${node.url}/wallet/operator`);
    const account = testAccountKey(accountPath, 'tpub');
    for (const branch of [0, 1])
      for (let index = 0; index < 12; index++)
        await operator.call(
          'importprivkey',
          WIF(network).encode(account.deriveChild(branch).deriveChild(index).privateKey!),
          '',
          false,
        );
    setup = await startChainApp({
      litecoin: {
        kind: 'utxo',
        rpcUrl: node.url,
        xpub: testXpub(accountPath, 'tpub'),
        network: 'regtest',
        confirmations,
        startHeight: (await node.rpc.call<number>('getblockcount')) + 1,
        masterFingerprint,
      },
    });
    admin = await signInAdmin(setup.app);
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
    await node?.stop();
  });

  const db = () => setup.app.db;
  const batches = (options?: PayoutBatchesOptions) => createPayoutBatches(setup.app.deps, options);
  const watcherPass = () =>
    createChainWatcher(db(), {
      chain: 'litecoin',
      config: setup.app.deps.config.operator.chains.litecoin!,
      clock: setup.app.clock,
      liveRates: createLiveRates(createMarketService(setup.app.deps), setup.app.clock),
      referralBonusRate: setup.app.deps.config.operator.referralBonusRate,
      kycLimits: setup.app.deps.config.operator.kycLimits,
    }).pass();

  /** Coins for the operator: an investor's LTC deposit to their quote's derived address, credited by the watcher. */
  async function operatorReceives(usd: number) {
    const { client } = await signUpInvestor(setup.app);
    const { quote } = (await client.post('/api/deposit-quotes', { amount: usd, coin: 'litecoin' })).body;
    await node.wallet.call('sendtoaddress', quote.address, quote.coinAmount);
    await node.mine(confirmations);
    await watcherPass();
    await watcherPass();
  }

  /** An investor with a Litecoin payout address of their own and an approved Litecoin withdrawal of $`usd`. */
  async function approvedWithdrawal(usd: number) {
    const investor = await signUpInvestor(setup.app);
    const address = await node.wallet.call<string>('getnewaddress', '', 'bech32');
    const profile = await investor.client.put('/api/update-profile', { litecoinAddress: address });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    await fundInvestor(setup.app, investor, admin.client, Math.max(usd, 50));
    const requested = await investor.client.post('/api/withdrawals', { amount: usd, method: 'Litecoin' });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const id = requested.body.withdrawal.id as string;
    const pending = await admin.client.get('/api/admin/withdrawals?status=pending&pageSize=100');
    expect(pending.body.withdrawals.find((row: { id: string }) => row.id === id)).toMatchObject({
      payableOnChain: true,
      paidInBatch: true,
    });
    const approved = await admin.client.post(`/api/admin/withdrawals/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      message: 'Withdrawal approved: it waits for a payout batch on the Payouts page',
      withdrawal: { status: 'approved', coin: 'litecoin', paidInBatch: true },
    });
    return {
      id,
      address,
      userId: investor.user.id as string,
      investor,
      coinAmount: approved.body.withdrawal.coinAmount,
    };
  }

  const signed = async (psbt: string) =>
    (await operator.call<{ psbt: string; complete: boolean }>('walletprocesspsbt', psbt)).psbt;
  const withdrawal = (id: string) => db()('withdrawals').where({ id }).first();
  const paidTransfers = (id: string) => db()('ledger_transactions').where({ idempotency_key: `withdrawal-paid:${id}` });
  const inMempool = (txid: string) =>
    node.rpc.call('getmempoolentry', txid).then(
      () => true,
      () => false,
    );

  it('pays three withdrawals in one signed batch, once, with the change back at 1/j and the fee booked as the operator’s', async () => {
    await operatorReceives(400);
    const paid = [await approvedWithdrawal(40), await approvedWithdrawal(80), await approvedWithdrawal(120)];
    expect(paid.map((row) => row.coinAmount)).toEqual(['0.5', '1', '1.5']);

    // 100 sat/vB: a fee of about $0.02 at $80 per LTC, so the ledger books whole cents.
    const preview = await admin.client.post('/api/admin/payout-batches/preview', { chain: 'litecoin', feeRate: 100 });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.preview).toMatchObject({ feeRate: 100, total: '3', withdrawalIds: paid.map((row) => row.id) });

    const built = await admin.client.post('/api/admin/payout-batches', { chain: 'litecoin', feeRate: 100 });
    expect(built.status, JSON.stringify(built.body)).toBe(201);
    const batch = built.body.batch;
    expect(batch).toMatchObject({ status: 'unsigned', chain: 'litecoin', feeRate: 100, fee: preview.body.preview.fee });
    expect(batch.withdrawals.map((row: { id: string; coinAmount: string }) => [row.id, row.coinAmount])).toEqual(
      paid.map((row) => [row.id, row.coinAmount]),
    );
    for (const { id } of paid) expect(await withdrawal(id)).toMatchObject({ status: 'in_batch' });

    // What a hardware wallet needs: every input and the change carry the master fingerprint and the full path.
    const decoded = await node.rpc.call<{
      inputs: Array<{ bip32_derivs?: Array<{ master_fingerprint: string; path: string }> }>;
      outputs: Array<{ bip32_derivs?: Array<{ master_fingerprint: string; path: string }> }>;
      fee: number;
    }>('decodepsbt', batch.psbt);
    expect(decoded.inputs[0]!.bip32_derivs).toEqual([
      { pubkey: expect.any(String), master_fingerprint: masterFingerprint, path: "m/84'/1'/0'/0/0" },
    ]);
    expect(decoded.outputs[3]!.bip32_derivs).toEqual([
      { pubkey: expect.any(String), master_fingerprint: masterFingerprint, path: "m/84'/1'/0'/1/0" },
    ]);
    expect(batch.change).toMatchObject({ path: "m/84'/1'/0'/1/0" });
    expect(litoshis(decoded.fee)).toBe(litoshis(batch.fee));

    const file = await admin.client.get(`/api/admin/payout-batches/${batch.id}/psbt`);
    expect(file.status).toBe(200);

    const sent = await admin.client.post(`/api/admin/payout-batches/${batch.id}/signed`, {
      psbt: await signed(batch.psbt),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.batch).toMatchObject({ status: 'broadcast', txid: batch.txid });
    expect(await inMempool(batch.txid)).toBe(true);
    const again = await admin.client.post(`/api/admin/payout-batches/${batch.id}/signed`, {
      psbt: await signed(batch.psbt),
    });
    expect(again.status).toBe(409);

    expect(await batches().follow('litecoin')).toEqual({ confirmed: 0, resent: 0, failed: 0 });
    await node.mine(1);
    expect(await batches().follow('litecoin')).toEqual({ confirmed: 0, resent: 0, failed: 0 });
    expect((await investorBalances(db(), paid[0]!.userId)).pendingWithdrawal).toBe(4_000);
    await node.mine(confirmations - 1);
    const [first, second] = await Promise.all([batches().follow('litecoin'), batches().follow('litecoin')]);
    expect(first.confirmed + second.confirmed).toBe(1);
    await watcherPass();

    for (const { id, userId, address, coinAmount } of paid) {
      expect(await withdrawal(id)).toMatchObject({ status: 'paid', tx_hash: batch.txid });
      expect(await paidTransfers(id)).toHaveLength(1);
      expect((await investorBalances(db(), userId)).pendingWithdrawal).toBe(0);
      expect(litoshis(await node.wallet.call<number>('getreceivedbyaddress', address))).toBe(litoshis(coinAmount));
    }
    // The change is the operator's coin at 1/0, credited to nobody.
    expect(await db()('chain_payments').where({ tx_hash: batch.txid })).toHaveLength(0);
    expect(await db()('operator_coins').where({ txid: batch.txid })).toEqual([
      expect.objectContaining({ branch: 1, derivation_index: 0, vout: 3, reserved_by: null, spent_by: null }),
    ]);
    const fee = await db()('ledger_transactions').where({ idempotency_key: `payout-network-fee:${batch.id}` });
    expect(fee).toHaveLength(1);
    expect(batch.feeCents).toBeGreaterThan(0);
    const feeEntries = await db()('ledger_entries as e')
      .join('ledger_accounts as a', 'a.id', 'e.account_id')
      .where('e.transaction_id', fee[0].id)
      .select('a.kind', 'e.amount_cents');
    expect(feeEntries.map((row) => [row.kind, Number(row.amount_cents)]).sort()).toEqual(
      [
        ['network_fees', batch.feeCents],
        ['operator_funds', -batch.feeCents],
      ].sort(),
    );
    const shown = await admin.client.get(`/api/admin/payout-batches/${batch.id}`);
    expect(shown.body.batch).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });
    expect(await batches().follow('litecoin')).toEqual({ confirmed: 0, resent: 0, failed: 0 });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses a signed PSBT of another transaction, and an unsigned one; a cancelled batch frees its withdrawals', async () => {
    await operatorReceives(80);
    const { id } = await approvedWithdrawal(40);
    const batch = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 3 });
    const elsewhere = await node.wallet.call<string>('getnewaddress', '', 'bech32');
    const other = await operator.call<{ psbt: string }>('walletcreatefundedpsbt', [], [{ [elsewhere]: '0.1' }]);
    const refusals = await Promise.all(
      [await signed(other.psbt), batch.psbt, 'bm90IGEgcHNidA=='].map((psbt) =>
        admin.client.post(`/api/admin/payout-batches/${batch.id}/signed`, { psbt }),
      ),
    );
    expect(refusals.map((reply) => reply.status)).toEqual([422, 422, 422]);
    expect(refusals[0]!.body.message).toMatch(/sign the PSBT downloaded for this batch/);
    expect(refusals[1]!.body.message).toBe('Input 1 of 1 is not signed');
    expect(refusals[2]!.body.message).toMatch(/not a PSBT/);
    expect(await withdrawal(id)).toMatchObject({ status: 'in_batch' });

    const cancelled = await admin.client.post(`/api/admin/payout-batches/${batch.id}/cancel`, {});
    expect(cancelled.body.batch).toMatchObject({ status: 'failed' });
    expect(await withdrawal(id)).toMatchObject({ status: 'approved', payout_batch_family: null });
    expect(await db()('operator_coins').where({ reserved_by: batch.id })).toHaveLength(0);
    // Free for the next batch.
    const next = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 3 });
    await batches().cancel(admin.adminId, next.id);
  });

  it('takes a batch whose block a reorg dropped back to sent, and pays once when it confirms again', async () => {
    await operatorReceives(80);
    const { id } = await approvedWithdrawal(40);
    const batch = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 3 });
    await batches().acceptSigned(admin.adminId, batch.id, await signed(batch.psbt));
    const [block] = await node.mine(1);
    await batches().follow('litecoin');
    expect(await db()('payout_batches').where({ id: batch.id }).first()).toMatchObject({ block_hash: block });
    await node.rpc.call('invalidateblock', block);
    // Another miner's block at that height, without the batch (back in the mempool) …
    await node.wallet.call('generateblock', await node.wallet.call<string>('getnewaddress', '', 'bech32'), []);
    await batches().follow('litecoin');
    expect(await db()('payout_batches').where({ id: batch.id }).first()).toMatchObject({
      status: 'broadcast',
      block_hash: null,
    });
    expect(await withdrawal(id)).toMatchObject({ status: 'broadcast', payout_block_hash: null });
    // … then it is mined again, in another block, and confirms there.
    await node.mine(confirmations);
    expect((await batches().follow('litecoin')).confirmed).toBe(1);
    expect(await db()('payout_batches').where({ id: batch.id }).first()).not.toMatchObject({ block_hash: block });
    expect(await withdrawal(id)).toMatchObject({ status: 'paid', tx_hash: batch.txid });
    expect(await paidTransfers(id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('raises an incident when another transaction spends a batch’s coins, and pays the withdrawal once in a new batch', async () => {
    await operatorReceives(80);
    const { id } = await approvedWithdrawal(40);
    const batch = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 3 });
    await batches().acceptSigned(admin.adminId, batch.id, await signed(batch.psbt));
    // The operator spends the batch's coin from their wallet with a higher fee, replacing the batch.
    const [input] = (
      await node.rpc.call<{ vin: Array<{ txid: string; vout: number }> }>('getrawtransaction', batch.txid, true)
    ).vin;
    const coin = await db()('operator_coins').where({ txid: input!.txid, vout: input!.vout }).first();
    const sweep = await operator.call<string>(
      'createrawtransaction',
      [{ txid: input!.txid, vout: input!.vout, sequence: 0xfffffffd }],
      {
        [await node.wallet.call<string>('getnewaddress', '', 'bech32')]: (Number(coin.units) / 1e8 - 0.01).toFixed(8),
      },
    );
    const sweepSigned = await operator.call<{ hex: string }>('signrawtransactionwithwallet', sweep);
    await node.rpc.call('sendrawtransaction', sweepSigned.hex);
    expect(await inMempool(batch.txid)).toBe(false);
    await node.mine(1);

    expect((await batches().follow('litecoin')).failed).toBe(1);
    expect(await db()('payout_batches').where({ id: batch.id }).first()).toMatchObject({ status: 'failed' });
    expect(await withdrawal(id)).toMatchObject({ status: 'approved', tx_hash: null });
    const incidents = await db()('chain_incidents').where({ kind: 'payout-inputs-spent' });
    expect(incidents.map((row) => row.details.batchId)).toContain(batch.id);
    expect(await db()('operator_coins').where({ txid: input!.txid, vout: input!.vout }).first()).toMatchObject({
      spent_by: 'elsewhere',
    });

    await operatorReceives(80);
    const retry = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 3 });
    await batches().acceptSigned(admin.adminId, retry.id, await signed(retry.psbt));
    await node.mine(confirmations);
    expect((await batches().follow('litecoin')).confirmed).toBe(1);
    expect(await withdrawal(id)).toMatchObject({ status: 'paid', tx_hash: retry.txid });
    expect(await paidTransfers(id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('bumps a stuck batch with a higher fee: only one of the two confirms, and the ledger records that one', async () => {
    await operatorReceives(80);
    const { id } = await approvedWithdrawal(40);
    const batch = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 2 });
    await batches().acceptSigned(admin.adminId, batch.id, await signed(batch.psbt));
    const lower = await admin.client.post(`/api/admin/payout-batches/${batch.id}/bump`, { feeRate: 2 });
    expect(lower.status).toBe(400);
    const bumped = await admin.client.post(`/api/admin/payout-batches/${batch.id}/bump`, { feeRate: 120 });
    expect(bumped.status, JSON.stringify(bumped.body)).toBe(201);
    const bump = bumped.body.batch;
    expect(bump).toMatchObject({ status: 'unsigned', replacesId: batch.id, feeRate: 120 });
    expect(litoshis(bump.fee)).toBeGreaterThan(BigInt(batch.fee_units));
    expect(bump.inputs.map((coin: { txid: string }) => coin.txid)).toEqual(
      (await node.rpc.call<{ vin: Array<{ txid: string }> }>('getrawtransaction', batch.txid, true)).vin.map(
        (i) => i.txid,
      ),
    );
    await batches().acceptSigned(admin.adminId, bump.id, await signed(bump.psbt));
    expect([await inMempool(batch.txid), await inMempool(bump.txid)]).toEqual([false, true]);
    expect(await withdrawal(id)).toMatchObject({ status: 'broadcast', tx_hash: bump.txid });

    await node.mine(confirmations);
    expect((await batches().follow('litecoin')).confirmed).toBe(1);
    const family = await db()('payout_batches').where({ family_id: batch.id }).orderBy('created_at');
    expect(family.map((row) => row.status)).toEqual(['replaced', 'confirmed']);
    expect(await withdrawal(id)).toMatchObject({ status: 'paid', tx_hash: bump.txid });
    expect(await paidTransfers(id)).toHaveLength(1);
    const fee = await db()('ledger_transactions').where({ idempotency_key: `payout-network-fee:${batch.id}` });
    expect(fee).toHaveLength(1);
    expect(fee[0].details.txHash).toBe(bump.txid);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('records the original when it, not its bump, is mined', async () => {
    await operatorReceives(80);
    const { id } = await approvedWithdrawal(40);
    const batch = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [id], feeRate: 2 });
    await batches().acceptSigned(admin.adminId, batch.id, await signed(batch.psbt));
    const original = (await db()('payout_batches').where({ id: batch.id }).first()).raw_tx as string;
    const bump = await batches().bump(admin.adminId, batch.id, 20);
    await batches().acceptSigned(admin.adminId, bump.id, await signed(bump.psbt));
    // A miner that saw the original first mines it: the bump can then never confirm.
    await node.wallet.call('generateblock', await node.wallet.call<string>('getnewaddress', '', 'bech32'), [original]);
    await node.mine(confirmations - 1);
    expect((await batches().follow('litecoin')).confirmed).toBe(1);
    const family = await db()('payout_batches').where({ family_id: batch.id }).orderBy('created_at');
    expect(family.map((row) => row.status)).toEqual(['confirmed', 'replaced']);
    expect(await withdrawal(id)).toMatchObject({ status: 'paid', tx_hash: batch.txid });
    expect(await paidTransfers(id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('after a crash around sending, sends the same recorded transaction again and never another', async () => {
    await operatorReceives(160);
    const lost = await approvedWithdrawal(40);
    const unanswered = await approvedWithdrawal(40);
    // The process dies before the node gets the transaction: the send fails, the batch stays recorded as sent.
    const dying = (sendReaches: boolean): PayoutBatchesOptions => ({
      rpcFor: (_chain, config) => {
        const rpc = createUtxoRpc(config.rpcUrl);
        return {
          ...rpc,
          async call<T>(method: string, ...params: unknown[]): Promise<T> {
            if (method !== 'sendrawtransaction') return rpc.call<T>(method, ...params);
            if (sendReaches) await rpc.call(method, ...params);
            throw new Error('fetch failed: socket hang up');
          },
        };
      },
    });
    const first = await batches().build(admin.adminId, { chain: 'litecoin', withdrawalIds: [lost.id], feeRate: 3 });
    await batches(dying(false)).acceptSigned(admin.adminId, first.id, await signed(first.psbt));
    expect(await inMempool(first.txid)).toBe(false);
    const second = await batches().build(admin.adminId, {
      chain: 'litecoin',
      withdrawalIds: [unanswered.id],
      feeRate: 3,
    });
    await batches(dying(true)).acceptSigned(admin.adminId, second.id, await signed(second.psbt));
    expect(await inMempool(second.txid)).toBe(true);

    // After the restart: the first is sent again (the same txid), the second is found where it is.
    expect(await batches().follow('litecoin')).toEqual({ confirmed: 0, resent: 1, failed: 0 });
    expect([await inMempool(first.txid), await inMempool(second.txid)]).toEqual([true, true]);
    await node.mine(confirmations);
    expect((await batches().follow('litecoin')).confirmed).toBe(2);
    for (const { id } of [lost, unanswered]) expect(await paidTransfers(id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('never puts a withdrawal or a coin into two batches when two replicas build at once', async () => {
    await operatorReceives(200);
    await operatorReceives(200);
    const waiting = [await approvedWithdrawal(40), await approvedWithdrawal(40), await approvedWithdrawal(40)];
    const [a, b] = [batches(), batches()];
    const outcomes = await Promise.allSettled([
      a.build(admin.adminId, { chain: 'litecoin', feeRate: 3 }),
      b.build(admin.adminId, { chain: 'litecoin', feeRate: 3 }),
      a.build(admin.adminId, { chain: 'litecoin', withdrawalIds: [waiting[0]!.id], feeRate: 3 }),
    ]);
    const built = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(built.length).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason.message).toMatch(/no longer wait|No approved/);
    const families = await db()('withdrawals')
      .whereIn(
        'id',
        waiting.map((row) => row.id),
      )
      .pluck('payout_batch_family');
    expect(families.every((family) => built.some((batch) => batch.id === family))).toBe(true);
    const inputs = await Promise.all(
      built.map(async (batch) =>
        (
          await node.rpc.call<{ tx: { vin: Array<{ txid: string; vout: number }> } }>('decodepsbt', batch.psbt)
        ).tx.vin.map((input) => `${input.txid}:${input.vout}`),
      ),
    );
    expect(new Set(inputs.flat()).size).toBe(inputs.flat().length);
    for (const batch of built) await batches().cancel(admin.adminId, batch.id);
  });
});
