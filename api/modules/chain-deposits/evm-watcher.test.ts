import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { setTestPrices } from '../../test/chain-app';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { ledgerViolations } from '../ledger/ledger.api';

describe('the EVM watcher on a real node', () => {
  const chain = useEvmChain();

  it('credits an ETH payment once, after the required confirmations and not before', async () => {
    const watcher = chain.watcher();
    const { client, userId, quote } = await chain.quoted(50);
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    for (let confirmations = 1; confirmations < evmConfirmations; confirmations++) {
      await watcher.pass();
      const { payments } = (await client.get(`/api/deposit-quotes/${quote.id}`)).body;
      expect(payments).toEqual([
        {
          txHash,
          index: -1,
          coinAmount: '0.025',
          confirmations,
          required: evmConfirmations,
          status: confirmations === 1 ? 'seen' : 'confirming',
          amount: 50,
          parts: [{ basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 }],
          explorerUrl: `https://explorer.test/tx/${txHash}`,
          firstSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect(await chain.available(userId)).toBe(0);
      await chain.payer.mine();
    }
    expect((await watcher.pass()).credited).toBe(1);
    expect(await chain.available(userId)).toBe(5_000);
    await chain.payer.mine(2);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(5_000);
    const { payments } = (await client.get(`/api/deposit-quotes/${quote.id}`)).body;
    expect(payments[0]).toMatchObject({ status: 'credited', amount: 50, confirmations: evmConfirmations + 2 });
    expect(
      await chain.app.db('ledger_transactions').where({ idempotency_key: `deposit:ethereum:${txHash}:-1` }),
    ).toHaveLength(1);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
    const admin = await signInAdmin(chain.app);
    const tip = await chain.payer.height();
    expect((await admin.client.get('/api/admin/chains')).body).toEqual({
      chains: [
        {
          chain: 'ethereum',
          addressGap: { gapLimit: 20, issued: expect.any(Number), longestUnusedRun: 0, beyondGapLimit: false },
          tipHeight: tip,
          scannedHeight: tip,
          lag: 0,
          lastScanAt: expect.any(String),
          lastError: null,
        },
      ],
    });
  });

  it('credits token transfers, each transfer of a transaction its own payment', async () => {
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(60, 'usdt');
    const single = await chain.payer.payToken(quote.address, 60_000_000n);
    const double = await chain.payer.payTokenTwice(quote.address, 1_000_000n, 2_500_000n);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(0);
    await chain.payer.mine(evmConfirmations - 1);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(6_000 + 100 + 250);
    const keys = await chain.app
      .db('ledger_transactions')
      .where('idempotency_key', 'like', 'deposit:ethereum:%')
      .whereIn('subject_user_id', [userId])
      .pluck('idempotency_key');
    expect(keys.sort()).toEqual(
      [`deposit:ethereum:${double}:0`, `deposit:ethereum:${double}:1`, `deposit:ethereum:${single}:0`].sort(),
    );
  });

  it('credits less or more pro rata at the quote, within the window', async () => {
    const watcher = chain.watcher();
    const under = await chain.quoted(50);
    const over = await chain.quoted(50);
    await chain.payer.payEth(under.quote.address, parseEther('0.0125'));
    await chain.payer.payEth(over.quote.address, parseEther('0.05'));
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(under.userId)).toBe(2_500);
    expect(await chain.available(over.userId)).toBe(10_000);
  });

  it('credits a late payment, and a second one to an old address, at the rate when first seen', async () => {
    const watcher = chain.watcher();
    const { client, userId, quote } = await chain.quoted(50);
    chain.app.clock.advance(31 * 60_000);
    setTestPrices(chain.upstream, { ethereum: 2_500 });
    await chain.payer.payEth(quote.address, parseEther('0.025'));
    await watcher.pass();
    setTestPrices(chain.upstream, { ethereum: 1_000 });
    chain.app.clock.advance(2 * 60_000);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(6_250);
    await chain.payer.payEth(quote.address, parseEther('0.01'));
    await watcher.pass();
    setTestPrices(chain.upstream, { ethereum: 4_000 });
    chain.app.clock.advance(2 * 60_000);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(6_250 + 1_000);
    const { payments } = (await client.get(`/api/deposit-quotes/${quote.id}`)).body;
    expect(payments.map((payment: { status: string; amount: number }) => [payment.status, payment.amount])).toEqual([
      ['credited', 62.5],
      ['credited', 10],
    ]);
  });

  it('lists on-chain deposits in the transaction history: confirming at their expected value, then confirmed', async () => {
    const watcher = chain.watcher();
    const { client, quote } = await chain.quoted(50);
    const history = async () =>
      ((await client.get('/api/transactions?tab=deposit')).body as { items: Array<Record<string, unknown>> }).items;
    expect(await history()).toEqual([]);
    const firstTx = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount) / 2n);
    await watcher.pass();
    expect(await history()).toEqual([
      expect.objectContaining({
        type: 'On-chain deposit',
        via: 'ethereum',
        status: 'pending',
        amount: 25,
        onChain: {
          quoteId: quote.id,
          txHash: firstTx,
          confirmations: 1,
          required: evmConfirmations,
          explorerUrl: `https://explorer.test/tx/${firstTx}`,
        },
      }),
    ]);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    chain.app.clock.advance(31 * 60_000);
    setTestPrices(chain.upstream, { ethereum: 3_000 });
    await chain.payer.payEth(quote.address, parseEther('0.01'));
    await watcher.pass();
    expect(await history()).toEqual([
      expect.objectContaining({ status: 'pending', amount: 30 }),
      expect.objectContaining({ type: 'On-chain deposit', status: 'confirmed', amount: 25 }),
    ]);
    const found = (await client.get('/api/transactions?tab=deposit&type=ethereum')).body as { total: number };
    expect(found.total).toBe(2);
  });

  it("pays the referrer's bonus on a referred investor's first on-chain deposit, once", async () => {
    const watcher = chain.watcher();
    const referrer = await signUpInvestor(chain.app);
    const first = await chain.quoted(100, 'ethereum', { referralCode: referrer.user.referralCode });
    await chain.payer.payEth(first.quote.address, parseEther(first.quote.coinAmount));
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(referrer.user.id)).toBe(500);
    const again = await first.client.post('/api/deposit-quotes', { amount: 100, coin: 'ethereum' });
    await chain.payer.payEth(again.body.quote.address, parseEther(again.body.quote.coinAmount));
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(first.userId)).toBe(20_000);
    expect(await chain.available(referrer.user.id)).toBe(500);
  });
});
