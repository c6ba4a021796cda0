import { createPublicClient, createTestClient, http, numberToHex, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { chainsSchema } from '../api/config/chains';
import { systemClock } from '../api/lib/clock';
import { deriveAddress } from '../api/modules/chain-deposits/derive-address';
import { scanPass } from '../api/modules/chain-deposits/scan-pass';
import { sourceFor } from '../api/modules/chain-deposits/watcher';
import { startAnvil } from '../api/test/chain-nodes';
import { testXpub } from '../api/test/chain-keys';
import { createBenchDatabase } from './bench-database';

/**
 * The chain watcher's scanning speed: BLOCKS blocks of TRANSFERS native transfers each, to some of
 * WATCHED quoted addresses, mined on anvil; then one scan pass from the first of them, timed.
 * `npx tsx bench/chain-scan.ts` (BENCH_CHAIN_BLOCKS, BENCH_CHAIN_TRANSFERS, BENCH_CHAIN_WATCHED).
 */
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const blocks = count('BENCH_CHAIN_BLOCKS', 1_000);
const transfers = count('BENCH_CHAIN_TRANSFERS', 10);
const watchedCount = count('BENCH_CHAIN_WATCHED', 10_000);
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const payer: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export async function benchChainScan() {
  const anvil = await startAnvil();
  const bench = await createBenchDatabase(serverUrl);
  try {
    const config = chainsSchema.parse({
      ethereum: {
        kind: 'evm',
        rpcUrl: anvil.url,
        xpub: testXpub("m/44'/60'/0'"),
        confirmations: 1000,
        startHeight: 1,
        coins: { ethereum: { native: true } },
      },
    }).ethereum!;
    const addresses = Array.from({ length: watchedCount }, (_, index) => deriveAddress('ethereum', config, index));
    const [user] = await bench
      .db('users')
      .insert({ role: 'investor', email: 'bench@example.com', password_hash: 'x', referral_code: 'BENCH' })
      .returning('id');
    const now = new Date();
    for (let start = 0; start < addresses.length; start += 1_000) {
      const slice = addresses.slice(start, start + 1_000);
      const rows = await bench
        .db('chain_addresses')
        .insert(
          slice.map((a, i) => ({
            chain: 'ethereum',
            derivation_index: start + i,
            address: a.address,
            match_key: a.matchKey,
            created_at: now,
          })),
        )
        .returning('id');
      await bench.db('deposit_quotes').insert(
        rows.map((row: { id: number }) => ({
          user_id: user.id,
          coin: 'ethereum',
          chain: 'ethereum',
          address_id: row.id,
          amount_cents: 5_000,
          coin_units: '25000000000000000',
          decimals: 18,
          rate: '2000',
          rate_as_of: now,
          expires_at: new Date(now.getTime() + 1_800_000),
          created_at: now,
        })),
      );
    }
    // Mining paused, each block's transfers sent in one batch with their nonces set, then mined.
    const transport = http(anvil.url, { batch: true });
    const node = createTestClient({ mode: 'anvil', chain: foundry, transport });
    const reader = createPublicClient({ chain: foundry, transport });
    await node.setAutomine(false);
    let nonce = await reader.getTransactionCount({ address: payer });
    for (let block = 0; block < blocks; block++) {
      await Promise.all(
        Array.from({ length: transfers }, (_, i) =>
          reader.request({
            method: 'eth_sendTransaction' as never,
            params: [
              {
                from: payer,
                to: addresses[(block * transfers + i) % watchedCount]!.address,
                value: '0x1',
                nonce: numberToHex(nonce++),
                gas: '0x5208',
              },
            ] as never,
          }),
        ),
      );
      await node.mine({ blocks: 1 });
    }
    const started = performance.now();
    const { scanned } = await scanPass(bench.db, {
      chain: 'ethereum',
      source: sourceFor('ethereum', config),
      clock: systemClock,
      liveRates: async () => undefined,
      startHeight: 1,
      keepBlocks: 128,
      batchSize: 100,
    });
    const seconds = (performance.now() - started) / 1000;
    const found = (await bench.db('chain_payments').count<{ found: string }[]>('* as found'))[0]!.found;
    return {
      blocks: scanned,
      transfers: Number(found),
      watched: watchedCount,
      seconds,
      blocksPerSecond: scanned / seconds,
    };
  } finally {
    await bench.drop();
    await anvil.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchChainScan();
  console.log(
    `chain scan: ${result.blocks} blocks, ${result.transfers} payments found among ${result.watched} watched addresses in ${result.seconds.toFixed(2)} s = ${result.blocksPerSecond.toFixed(0)} blocks/s`,
  );
}
