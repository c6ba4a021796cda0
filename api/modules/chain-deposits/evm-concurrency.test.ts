import knex from 'knex';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { ledgerViolations } from '../ledger/ledger.api';
import { createMarketService } from '../market/market.service';
import { creditConfirmed } from './credit';
import { createLiveRates } from './live-rate';
import { sourceFor } from './watcher';

describe('the watcher killed or doubled', () => {
  const chain = useEvmChain();

  const paidAndConfirmed = async (count: number) => {
    const quoted = await Promise.all(Array.from({ length: count }, () => chain.quoted(50)));
    for (const { quote } of quoted) await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await chain.payer.mine(evmConfirmations);
    return quoted;
  };
  const creditedOnce = async (quoted: Array<{ userId: string }>) => {
    for (const { userId } of quoted) expect(await chain.available(userId)).toBe(5_000);
    const posted = await chain.app.db('ledger_transactions').where('idempotency_key', 'like', 'deposit:ethereum:%');
    expect(posted).toHaveLength(new Set(posted.map((row) => row.idempotency_key)).size);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  };

  it('credits exactly once when the watcher dies in the middle of a credit', async () => {
    const [paid] = await paidAndConfirmed(1);
    const dying = chain.watcher({
      afterPost: async () => {
        throw new Error('killed after the ledger post');
      },
    });
    await expect(dying.pass()).rejects.toThrow('killed after the ledger post');
    expect(await chain.available(paid!.userId)).toBe(0);
    expect(await chain.app.db('chain_payments').where({ status: 'credited' })).toHaveLength(0);
    expect((await chain.app.db('chain_scanners').where({ chain: 'ethereum' }).first()).last_error).toBe(
      'killed after the ledger post',
    );
    await chain.watcher().pass();
    await chain.watcher().pass();
    await creditedOnce([paid!]);
  });

  it('lets one of two watchers scan a chain at a time', async () => {
    const quoted = await paidAndConfirmed(3);
    const source = sourceFor('ethereum', chain.app.deps.config.operator.chains.ethereum!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow = chain.watcher({
      source: {
        ...source,
        tipHeight: async () => {
          entered();
          await held;
          return source.tipHeight();
        },
      },
    });
    const first = slow.pass();
    await inside;
    expect(await chain.watcher().pass()).toEqual({ ran: false, credited: 0 });
    release();
    expect(await first).toEqual({ ran: true, credited: 3 });
    await creditedOnce(quoted);
  });

  it('credits each payment once when two processes run the credit step at the same moment', async () => {
    const quoted = await paidAndConfirmed(6);
    // A pass that records the payments and then dies at its first credit leaves all six due.
    await chain
      .watcher({ afterPost: async () => Promise.reject(new Error('stop before crediting')) })
      .pass()
      .catch(() => undefined);
    const connection = chain.app.db.client.config.connection as string;
    const processes = [knex({ client: 'pg', connection }), knex({ client: 'pg', connection })];
    try {
      const config = chain.app.deps.config.operator.chains.ethereum!;
      const scanned = Number(
        (await chain.app.db('chain_scanners').where({ chain: 'ethereum' }).first()).scanned_height,
      );
      const liveRates = createLiveRates(createMarketService(chain.app.deps), chain.app.clock);
      const credited = await Promise.all(
        processes.map((db) =>
          creditConfirmed(db, scanned, {
            chain: 'ethereum',
            config,
            clock: chain.app.clock,
            liveRates,
            referralBonusRate: 0.05,
            kycLimits: chain.app.deps.config.operator.kycLimits,
          }),
        ),
      );
      expect(credited[0]! + credited[1]!).toBe(6);
    } finally {
      await Promise.all(processes.map((db) => db.destroy()));
    }
    await creditedOnce(quoted);
  });
});
