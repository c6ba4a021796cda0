import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { setTestPrices } from '../../test/chain-app';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { signInAdmin } from '../../test/fixtures';
import { ledgerViolations } from '../ledger/ledger.api';

describe('a quote covers the coins it quoted, no more', () => {
  const chain = useEvmChain();
  /** Moves the market: the next live read (the cache is two minutes old by then) sees `ethereum` at `price`. */
  const marketAt = (price: number) => {
    setTestPrices(chain.upstream, { ethereum: price });
    chain.app.clock.advance(2 * 60_000);
  };
  const parts = async (client: { get: (path: string) => Promise<{ body: unknown }> }, quoteId: string) =>
    (
      (await client.get(`/api/deposit-quotes/${quoteId}`)).body as { payments: Array<{ parts: unknown[] }> }
    ).payments.map((payment) => payment.parts);

  it('prices coins beyond the quote at the live rate when the market fell: $50 at $2,000, then 1 ETH at $1,000 is $1,025', async () => {
    marketAt(2_000);
    const { client, userId, quote } = await chain.quoted(50);
    expect(quote.coinAmount).toBe('0.025');
    marketAt(1_000);
    await chain.payer.payEth(quote.address, parseEther('1'));
    await chain.payer.mine(evmConfirmations);
    await chain.watcher().pass();
    expect(await chain.available(userId)).toBe(102_500);
    expect(await parts(client, quote.id)).toEqual([
      [
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'arrival', coinAmount: '0.975', rate: '1000', amount: 975 },
      ],
    ]);
    // The operator sees the same split.
    const { client: admin } = await signInAdmin(chain.app);
    const { body } = await admin.get('/api/admin/chain-payments');
    const row = (body.payments as Array<{ quoteId: string; amount: number; parts: unknown[] }>).find(
      (payment) => payment.quoteId === quote.id,
    );
    expect(row).toMatchObject({ amount: 1_025, parts: [{ basis: 'quote' }, { basis: 'arrival', rate: '1000' }] });
  });

  it('never prices coins beyond the quote above the quote when the market rose', async () => {
    marketAt(2_000);
    const { client, userId, quote } = await chain.quoted(50);
    marketAt(4_000);
    await chain.payer.payEth(quote.address, parseEther('0.125'));
    await chain.payer.mine(evmConfirmations);
    await chain.watcher().pass();
    // 0.025 ETH for the quoted $50, 0.1 ETH at the quoted $2,000 rather than the live $4,000.
    expect(await chain.available(userId)).toBe(25_000);
    expect(await parts(client, quote.id)).toEqual([
      [
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'quote-cap', coinAmount: '0.1', rate: '2000', amount: 200 },
      ],
    ]);
  });

  it('counts earlier payments against the quote: two payments of 0.02 ETH after a fall to $1,000', async () => {
    marketAt(2_000);
    const { client, userId, quote } = await chain.quoted(50);
    marketAt(1_000);
    await chain.payer.payEth(quote.address, parseEther('0.02'));
    await chain.payer.mine(1);
    await chain.payer.payEth(quote.address, parseEther('0.02'));
    await chain.payer.mine(evmConfirmations);
    await chain.watcher().pass();
    // $40 of the quote, then its last $10 (0.005 ETH) and 0.015 ETH at $1,000.
    expect(await chain.available(userId)).toBe(4_000 + 1_000 + 1_500);
    expect(await parts(client, quote.id)).toEqual([
      [{ basis: 'quote', coinAmount: '0.02', rate: '2000', amount: 40 }],
      [
        { basis: 'quote', coinAmount: '0.005', rate: '2000', amount: 10 },
        { basis: 'arrival', coinAmount: '0.015', rate: '1000', amount: 15 },
      ],
    ]);
  });

  it('credits a payment inside its quote with the market down, and waits for a rate only for coins beyond it', async () => {
    marketAt(2_000);
    const exact = await chain.quoted(50);
    const over = await chain.quoted(50);
    chain.upstream.state.mode = 'error';
    chain.app.clock.advance(10 * 60_000); // no live copy younger than 5 minutes is left
    await chain.payer.payEth(exact.quote.address, parseEther('0.025'));
    await chain.payer.payEth(over.quote.address, parseEther('0.05'));
    // The watcher that saw them dies before crediting; another takes over, market still down, window long gone.
    await chain
      .watcher({ afterPost: async () => Promise.reject(new Error('killed')) })
      .pass()
      .catch(() => undefined);
    await chain.payer.mine(evmConfirmations);
    chain.app.clock.advance(40 * 60_000);
    await chain
      .watcher({ afterPost: async () => Promise.reject(new Error('killed')) })
      .pass()
      .catch(() => undefined);
    await chain.watcher().pass();
    expect(await chain.available(exact.userId)).toBe(5_000);
    expect(await chain.available(over.userId)).toBe(0);
    expect(await parts(over.client, over.quote.id)).toEqual([
      [
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'arrival', coinAmount: '0.025', rate: null, amount: null },
      ],
    ]);
    // The market is back at $1,600: the coins beyond the quote take the lower of it and the quote's $2,000.
    chain.upstream.state.mode = 'ok';
    setTestPrices(chain.upstream, { ethereum: 1_600 });
    chain.app.clock.advance(2 * 60_000);
    await chain.watcher().pass();
    await chain.watcher().pass();
    expect(await chain.available(over.userId)).toBe(5_000 + 4_000);
    expect(await chain.available(exact.userId)).toBe(5_000);
    const keys = await chain.app
      .db('ledger_transactions')
      .whereIn('subject_user_id', [exact.userId, over.userId])
      .pluck('idempotency_key');
    expect(keys).toHaveLength(new Set(keys).size);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });
});
