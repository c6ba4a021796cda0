import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-errors';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { createLiveRates } from '../chain-deposits/chain-deposits.api';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';
import { createMarketService } from '../market/market.service';
import { createOnChainPayouts } from './on-chain-payouts.service';

// The operator pays from their own wallet (anvil's funded account); the server only checks what the node shows.
describe('EVM withdrawals paid from the operator wallet and proven on chain (anvil)', () => {
  const chain = useEvmChain();
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const payouts = () =>
    createOnChainPayouts(chain.app.deps, createLiveRates(createMarketService(chain.app.deps), chain.app.clock));

  beforeAll(async () => {
    admin = await signInAdmin(chain.app);
  });

  /** An investor with $`balance`, an ETH address of their own, and a pending ETH withdrawal of $`amount`. */
  async function requested(amount: number, balance = 100) {
    const investor = await signUpInvestor(chain.app);
    const address = privateKeyToAddress(generatePrivateKey());
    const profile = await investor.client.put('/api/update-profile', { ethereumAddress: address });
    if (profile.status !== 200) throw new Error(`profile failed: ${profile.status} ${JSON.stringify(profile.body)}`);
    await fundInvestor(chain.app, investor, admin.client, balance);
    const reply = await investor.client.post('/api/withdrawals', { amount, method: 'Ethereum' });
    if (reply.status !== 201) throw new Error(`withdrawal failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return { investor, userId: investor.user.id as string, address, id: reply.body.withdrawal.id as string };
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof DomainError ? `${error.kind}: ${error.message}` : Promise.reject(error)),
    );
  const row = (id: string) => chain.app.db('withdrawals').where({ id }).first();

  it('fixes the coin amount at approval, takes a paying hash, and pays out once after the confirmations', async () => {
    const { id, userId, address } = await requested(50);
    const approved = await payouts().approve(admin.adminId, id);
    // $50 at $2,000 per ETH.
    expect(approved).toMatchObject({
      status: 'approved',
      coin: 'ethereum',
      coin_units: parseEther('0.025').toString(),
    });

    const hash = await chain.payer.payEth(address, parseEther('0.025'));
    await payouts().acceptEvmPayment(admin.adminId, id, hash);
    expect(await row(id)).toMatchObject({ status: 'broadcast', tx_hash: hash.toLowerCase(), payout_index: -1 });

    expect(await payouts().followEvmPayouts('ethereum')).toEqual({ paid: 0, dropped: 0 });
    expect((await investorBalances(chain.app.db, userId)).pendingWithdrawal).toBe(5_000);
    await chain.payer.mine(evmConfirmations - 1);
    const [first, second] = await Promise.all([
      payouts().followEvmPayouts('ethereum'),
      payouts().followEvmPayouts('ethereum'),
    ]);
    expect(first.paid + second.paid).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'paid' });
    expect(await investorBalances(chain.app.db, userId)).toMatchObject({ available: 5_000, pendingWithdrawal: 0 });
    expect(await payouts().followEvmPayouts('ethereum')).toEqual({ paid: 0, dropped: 0 });
    const paidOut = await chain.app.db('ledger_transactions').where({ idempotency_key: `withdrawal-paid:${id}` });
    expect(paidOut).toHaveLength(1);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });

  it('refuses a hash that pays another address or too little, and keeps the amount fixed', async () => {
    const eth = await requested(20);
    await payouts().approve(admin.adminId, eth.id);
    const elsewhere = privateKeyToAddress(generatePrivateKey());
    expect(
      await refusal(
        payouts().acceptEvmPayment(admin.adminId, eth.id, await chain.payer.payEth(elsewhere, parseEther('0.01'))),
      ),
    ).toBe(`unprocessable: This transaction pays ${elsewhere}, not the investor's address`);
    expect(
      await refusal(
        payouts().acceptEvmPayment(admin.adminId, eth.id, await chain.payer.payEth(eth.address, parseEther('0.009'))),
      ),
    ).toBe('unprocessable: This transaction pays 0.009 ETH, 0.01 ETH due');

    expect(await row(eth.id)).toMatchObject({ status: 'approved', tx_hash: null });
  });

  it('keeps the manual flow for a payout address the configured chain cannot pay (USDT on Tron, ERC-20 chain)', async () => {
    const investor = await signUpInvestor(chain.app);
    await investor.client.put('/api/update-profile', { usdtAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    await fundInvestor(chain.app, investor, admin.client, 100);
    const { withdrawal } = (await investor.client.post('/api/withdrawals', { amount: 30, method: 'USDT' })).body;
    expect(payouts().paysOnChain(withdrawal)).toBe(false);
    expect(await refusal(payouts().approve(admin.adminId, withdrawal.id))).toBe(
      'conflict: This USDT withdrawal is not paid on a configured chain: mark it paid with its hash',
    );
    expect(await row(withdrawal.id)).toMatchObject({ status: 'pending', chain: null });
  });

  it('lets one payment pay one withdrawal even when two admins enter it at once', async () => {
    const first = await requested(10);
    const second = await first.investor.client.post('/api/withdrawals', { amount: 10, method: 'Ethereum' });
    const ids = [first.id, second.body.withdrawal.id as string];
    for (const id of ids) await payouts().approve(admin.adminId, id);
    const hash = await chain.payer.payEth(first.address, parseEther('0.005'));
    const outcomes = await Promise.all(ids.map((id) => refusal(payouts().acceptEvmPayment(admin.adminId, id, hash))));
    expect(outcomes.sort()).toEqual(['accepted', 'unprocessable: This transaction already pays another withdrawal']);
  });

  it('returns the withdrawal to approved when a reorg takes its payment off the chain', async () => {
    const { id, userId, address } = await requested(40);
    await payouts().approve(admin.adminId, id);
    const before = await chain.payer.snapshot();
    const hash = await chain.payer.payEth(address, parseEther('0.02'));
    await payouts().acceptEvmPayment(admin.adminId, id, hash);
    await chain.payer.revert(before);
    await chain.payer.mine(evmConfirmations);

    expect((await payouts().followEvmPayouts('ethereum')).dropped).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'approved',
      tx_hash: null,
      coin_units: parseEther('0.02').toString(),
    });
    expect((await investorBalances(chain.app.db, userId)).pendingWithdrawal).toBe(4_000);
    const notices = await chain.app
      .db('notifications')
      .where({ kind: 'operator.payout-dropped', user_id: admin.adminId });
    expect(notices).toHaveLength(1);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });

  it('refuses to approve without a live rate: the coin amount is never fixed at a stale or sample price', async () => {
    const { id } = await requested(25);
    chain.upstream.state.mode = 'error';
    chain.app.clock.advance(10 * 60_000);
    try {
      expect(await refusal(payouts().approve(admin.adminId, id))).toBe(
        'conflict: No live ethereum rate right now: the amount in ethereum cannot be fixed; try again shortly',
      );
      expect(await row(id)).toMatchObject({ status: 'pending', coin_units: null });
    } finally {
      chain.upstream.state.mode = 'ok';
    }
  });

  it('runs over the API: approve fixes the amount, a wrong hash is 422, the right one 202, the investor sees the steps', async () => {
    const { id, investor, address } = await requested(60);
    const approve = (body: object) => admin.client.post(`/api/admin/withdrawals/${id}/approve`, body);

    const [pending] = (await investor.client.get('/api/withdrawals')).body.withdrawals;
    expect(pending).toMatchObject({ status: 'pending', onChain: false, payableOnChain: true, paymentUri: null });
    const approved = await approve({});
    expect(approved.status).toBe(200);
    // What the operator's wallet scans: the exact amount in wei to the investor's address.
    expect(approved.body.withdrawal.paymentUri).toBe(`ethereum:${address}?value=${parseEther('0.03')}`);
    const listed = await admin.client.get('/api/admin/withdrawals?status=approved');
    expect(listed.body.withdrawals.map((row: { id: string }) => row.id)).toContain(id);
    expect(approved.body.withdrawal).toMatchObject({
      status: 'approved',
      onChain: true,
      coin: 'ethereum',
      coinAmount: '0.03',
      rate: '2000',
    });
    expect((await approve({ txHash: 'not-a-hash-at-all' })).body).toEqual({
      message: 'Invalid request',
      errors: { txHash: 'Enter the 0x… hash of the payment (66 characters)' },
    });
    const short = await approve({ txHash: await chain.payer.payEth(address, parseEther('0.02')) });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ message: 'This transaction pays 0.02 ETH, 0.03 ETH due' });

    const hash = await chain.payer.payEth(address, parseEther('0.03'));
    const accepted = await approve({ txHash: hash });
    expect(accepted.status).toBe(202);
    expect(accepted.body.withdrawal).toMatchObject({ status: 'broadcast', txid: hash.toLowerCase() });

    await chain.watcher().pass();
    const [mine] = (await investor.client.get('/api/withdrawals')).body.withdrawals;
    expect(mine).toMatchObject({
      id,
      status: 'broadcast',
      onChain: true,
      coin: 'ethereum',
      coinAmount: '0.03',
      txid: hash.toLowerCase(),
      confirmations: 1,
      required: evmConfirmations,
      explorerUrl: `https://explorer.test/tx/${hash.toLowerCase()}`,
    });
  });
});
