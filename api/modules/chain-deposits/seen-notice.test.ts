import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import type { TestClient } from '../../test/test-client';

interface View {
  kind: string;
  title: string;
  body: string;
  link: string;
}

const inbox = async (client: TestClient) => (await client.get('/api/notifications')).body.notifications as View[];
const kinds = async (client: TestClient) => (await inbox(client)).map((notification) => notification.kind);

describe("'deposit.seen': a payment on the chain before its confirmations", () => {
  const chain = useEvmChain();

  it('tells the investor once, at its first sight ("1 of N"), and then that it is credited', async () => {
    expect(evmConfirmations).toBeGreaterThan(1);
    const watcher = chain.watcher();
    const { client, userId, quote } = await chain.quoted(50);
    await watcher.pass();
    expect(await inbox(client)).toEqual([]);

    await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await watcher.pass();
    expect(await inbox(client)).toEqual([
      expect.objectContaining({
        kind: 'deposit.seen',
        title: 'Payment of 0.025 Ethereum seen on the chain',
        body: `We see your payment of 0.025 Ethereum (1 of ${evmConfirmations} confirmations). We will credit it to your balance after ${evmConfirmations} confirmations.`,
        link: `/deposit-quotes/${quote.id}`,
      }),
    ]);

    // More confirmations, more passes: no news until it is credited.
    for (let confirmations = 2; confirmations < evmConfirmations; confirmations++) {
      await chain.payer.mine();
      await watcher.pass();
      expect(await kinds(client)).toEqual(['deposit.seen']);
    }
    await chain.payer.mine();
    expect((await watcher.pass()).credited).toBe(1);
    await chain.payer.mine(2);
    await watcher.pass();
    const after = await inbox(client);
    expect(after.map((notification) => notification.kind)).toEqual(['deposit.confirmed', 'deposit.seen']);
    expect(after[0]).toMatchObject({ title: 'Deposit of $50.00 credited', link: '/transaction?tab=deposit' });
    expect(
      await chain.app.db('notifications').where({ user_id: userId, kind: 'deposit.seen' }).pluck('event_key'),
    ).toEqual([expect.stringMatching(new RegExp(`^deposit-seen:ethereum:0x[0-9a-f]{64}:-1$`))]);
  });

  it('is one notice per payment (each transfer of a transaction its own), in the coin paid', async () => {
    const watcher = chain.watcher();
    await watcher.pass();
    const { client, quote } = await chain.quoted(60, 'usdt');
    await chain.payer.payTokenTwice(quote.address, 1_000_000n, 2_500_000n);
    await watcher.pass();
    const seen = await inbox(client);
    expect(seen.map((notification) => [notification.kind, notification.title]).sort()).toEqual([
      ['deposit.seen', 'Payment of 1 USDT seen on the chain'],
      ['deposit.seen', 'Payment of 2.5 USDT seen on the chain'],
    ]);
    expect(seen.every((notification) => notification.body.includes(`(1 of ${evmConfirmations} confirmations)`))).toBe(
      true,
    );
  });

  it('says nothing before the credit when the payment is first seen already confirmed', async () => {
    const watcher = chain.watcher();
    await watcher.pass();
    const { client, userId, quote } = await chain.quoted(50);
    await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await chain.payer.mine(evmConfirmations);
    // (The pass also credits the earlier test's payments, now confirmed.)
    await watcher.pass();
    expect(await chain.available(userId)).toBe(5_000);
    expect(await kinds(client)).toEqual(['deposit.confirmed']);
  });

  it('is not news when a reorg moves the payment to another block and it is seen again', async () => {
    const watcher = chain.watcher();
    await watcher.pass();
    const { client, userId, quote } = await chain.quoted(50);
    const signed = await chain.payer.signEth(quote.address, parseEther(quote.coinAmount));
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.sendRaw(signed);
    const firstBlock = Number((await chain.payer.reader.getTransactionReceipt({ hash: txHash })).blockNumber);
    await watcher.pass();
    expect(await kinds(client)).toEqual(['deposit.seen']);
    await chain.payer.revert(snapshot);
    await chain.payer.mine(1);
    await chain.payer.sendRaw(signed);
    await watcher.pass();
    await watcher.pass();
    const [payment] = await chain.app.db('chain_payments').where({ tx_hash: txHash });
    expect([payment.status, Number(payment.block_height)]).toEqual(['seen', firstBlock + 1]);
    expect(await kinds(client)).toEqual(['deposit.seen']);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(5_000);
    expect(await kinds(client)).toEqual(['deposit.confirmed', 'deposit.seen']);
  });
});
