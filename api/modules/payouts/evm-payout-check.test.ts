import { createPublicClient, http, type Hash, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil } from '../../test/chain-nodes';
import { createEvmPayer } from '../../test/evm-payer';
import { checkEvmPayout } from './evm-payout-check';

// anvil's funded account plays the operator paying from their own wallet; the check reads what the node says.
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let payer: Awaited<ReturnType<typeof createEvmPayer>>;
let client: PublicClient;

const investor = () => privateKeyToAddress(generatePrivateKey());
const eth = (to: string, units: bigint) => ({ to, units, symbol: 'ETH', decimals: 18 });
const usdt = (to: string, units: bigint) => ({ to, units, symbol: 'USDT', decimals: 6, contract: payer.token });

beforeAll(async () => {
  anvil = await startAnvil();
  payer = await createEvmPayer(anvil.url);
  client = createPublicClient({ chain: foundry, transport: http(anvil.url) }) as PublicClient;
});

afterAll(async () => {
  await anvil?.stop();
});

describe('checking an operator-paid EVM withdrawal against the chain', () => {
  it('accepts a native transfer of at least the amount to the investor, and a token transfer by its log', async () => {
    const to = investor();
    const native = await checkEvmPayout(client, await payer.payEth(to, 10n ** 16n), eth(to, 10n ** 16n));
    expect(native).toMatchObject({ ok: true, logIndex: -1, paidUnits: 10n ** 16n });

    const token = await checkEvmPayout(client, await payer.payToken(to, 25_000_000n), usdt(to, 25_000_000n));
    expect(token).toMatchObject({ ok: true, paidUnits: 25_000_000n });
    expect(token.ok && token.logIndex).toBeGreaterThanOrEqual(0);
  });

  it('refuses a payment to another address, a short one, a failed one, an unknown hash and one not mined', async () => {
    const to = investor();
    const elsewhere = investor();
    expect(await checkEvmPayout(client, await payer.payEth(elsewhere, 10n ** 16n), eth(to, 10n ** 16n))).toEqual({
      ok: false,
      reason: `This transaction pays ${elsewhere}, not the investor's address`,
    });
    expect(await checkEvmPayout(client, await payer.payEth(to, 9n * 10n ** 15n), eth(to, 10n ** 16n))).toEqual({
      ok: false,
      reason: 'This transaction pays 0.009 ETH, 0.01 ETH due',
    });
    expect(await checkEvmPayout(client, await payer.payToken(to, 24_990_000n), usdt(to, 25_000_000n))).toEqual({
      ok: false,
      reason: 'This transaction pays 24.99 USDT, 25 USDT due',
    });
    expect(await checkEvmPayout(client, await payer.payEth(to, 10n ** 16n), usdt(to, 1n))).toEqual({
      ok: false,
      reason: 'This transaction moves no USDT',
    });

    // More tokens than the payer holds: the call reverts, mined with status 0.
    const failed = await payer.sendRaw(await payer.signTokenTransfer(to, 10n ** 18n, await payer.nonce()));
    expect(await checkEvmPayout(client, failed, usdt(to, 1n))).toEqual({
      ok: false,
      reason: 'This transaction failed on chain: it paid nothing',
    });

    const unknown = `0x${'ab'.repeat(32)}` as Hash;
    expect(await checkEvmPayout(client, unknown, eth(to, 1n))).toEqual({
      ok: false,
      reason: `No transaction ${unknown} on this chain`,
    });

    await payer.setAutomine(false);
    try {
      const pending = await payer.sendRawUnmined(await payer.signEth(to, 10n ** 16n));
      expect(await checkEvmPayout(client, pending, eth(to, 10n ** 16n))).toEqual({
        ok: false,
        reason: 'This transaction is not in a block yet: enter it again once it is mined',
      });
    } finally {
      await payer.setAutomine(true);
      await payer.mine(1);
    }
  });
});
