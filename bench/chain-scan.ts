import { loadavg } from 'node:os';
import knex from 'knex';
import { createPublicClient, createTestClient, http, numberToHex, type Address } from 'viem';
import { foundry } from 'viem/chains';
import { chainsSchema } from '../api/config/chains';
import { systemClock } from '../api/lib/clock';
import { decimalsOf } from '../api/modules/chain-deposits/chain-coins';
import { deriveAddress } from '../api/modules/chain-deposits/derive-address';
import { scanPass } from '../api/modules/chain-deposits/scan-pass';
import { sourceFor } from '../api/modules/chain-deposits/watcher';
import { startAnvil } from '../api/test/chain-nodes';
import { testXpub } from '../api/test/chain-keys';
import { createBenchDatabase } from './bench-database';
import { cpuMsBetween, serverCpuMeter } from './cpu-time';

/**
 * The chain watcher's scanning speed: BLOCKS blocks of TRANSFERS native transfers each, to some of
 * WATCHED quoted addresses, mined on anvil; then a scan pass over them from the start, against the bare reads of the
 * same blocks, the median of BENCH_ROUNDS interleaved rounds. Goal: 200 blocks/s (issue 36). Beside the speed, the
 * CPU each block costs the watcher, the node and the PostgreSQL backends, which other work on a shared machine
 * disturbs far less than the wall clock. Part of `npm run bench`; alone:
 * `npx tsx bench/chain-scan.ts` (BENCH_CHAIN_BLOCKS, BENCH_CHAIN_TRANSFERS, BENCH_CHAIN_WATCHED).
 */
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const blocks = count('BENCH_CHAIN_BLOCKS', 1_000);
const transfers = count('BENCH_CHAIN_TRANSFERS', 10);
const watchedCount = count('BENCH_CHAIN_WATCHED', 10_000);
const rounds = count('BENCH_ROUNDS', 3);
const goalBlocksPerSecond = 200;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const payer: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export async function benchChainScan() {
  const anvil = await startAnvil();
  const bench = await createBenchDatabase(serverUrl);
  const cleanUps: Array<() => Promise<void>> = [];
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
            user_id: user.id,
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
    // The baseline: the same blocks read from the node with the same calls in the same batches, nothing matched
    // or stored; the ratio is what matching and recording cost on top of reading the chain.
    const readOnly = async () => {
      for (let from = 1; from <= blocks; from += 100) {
        const heights = Array.from({ length: Math.min(100, blocks - from + 1) }, (_, i) => from + i);
        await Promise.all(
          heights.map((height) =>
            reader.request({ method: 'eth_getBlockByNumber', params: [numberToHex(height), true] }),
          ),
        );
      }
    };
    const scanOnce = async () => {
      await bench.db.transaction(async (trx) => {
        for (const table of ['notifications', 'chain_payments', 'chain_blocks', 'chain_scanners'])
          await trx(table).delete();
      });
      const { scanned } = await scanPass(bench.db, {
        chain: 'ethereum',
        source: sourceFor('ethereum', config),
        clock: systemClock,
        liveRates: async () => undefined,
        decimalsOf: decimalsOf('ethereum', config),
        startHeight: 1,
        keepBlocks: 128,
        batchSize: 100,
        confirmations: config.confirmations,
      });
      if (scanned < blocks) throw new Error(`the scan stopped at ${scanned} of ${blocks} blocks`);
    };
    // Its own connection: one of the scan's would leave itself out of pg_stat_activity's list.
    const meterDb = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
    cleanUps.push(() => meterDb.destroy());
    const backends = serverCpuMeter(anvil.pid, { db: meterDb, name: bench.name });
    const ownCpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    // Wall time, and CPU ms per block of this process (the watcher), the node and the database's backends.
    const timed = async (step: () => Promise<void>) => {
      const [ownBefore, before] = [ownCpuMs(), await backends()];
      const started = performance.now();
      await step();
      const seconds = (performance.now() - started) / 1000;
      const [ownAfter, after] = [ownCpuMs(), await backends()];
      const nodeMs = after.serverMs - before.serverMs;
      return {
        seconds,
        watcher: (ownAfter - ownBefore) / blocks,
        node: nodeMs / blocks,
        database: (cpuMsBetween(before, after) - nodeMs) / blocks,
      };
    };
    const reads: Array<Awaited<ReturnType<typeof timed>>> = [];
    const scans: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let round = 0; round < rounds; round++) {
      reads.push(await timed(readOnly));
      scans.push(await timed(scanOnce));
    }
    const found = (await bench.db('chain_payments').count<{ found: string }[]>('* as found'))[0]!.found;
    const seconds = median(scans.map((scan) => scan.seconds));
    const readSeconds = median(reads.map((read) => read.seconds));
    const cpuPerBlock = (runs: typeof scans) => ({
      watcher: median(runs.map((run) => run.watcher)),
      node: median(runs.map((run) => run.node)),
      database: median(runs.map((run) => run.database)),
    });
    return {
      blocks,
      transfers: Number(found),
      watched: watchedCount,
      seconds,
      blocksPerSecond: blocks / seconds,
      readOnlyBlocksPerSecond: blocks / readSeconds,
      ratio: readSeconds / seconds,
      scanCpuMs: cpuPerBlock(scans),
      readCpuMs: cpuPerBlock(reads),
      met: blocks / seconds >= goalBlocksPerSecond,
    };
  } finally {
    for (const cleanUp of cleanUps) await cleanUp();
    await bench.drop();
    await anvil.stop();
  }
}

const cpuText = ({ watcher, node, database }: { watcher: number; node: number; database: number }) =>
  `${(watcher + node + database).toFixed(2)} ms (reader ${watcher.toFixed(2)}, node ${node.toFixed(2)}, PostgreSQL ${database.toFixed(2)})`;

export const describeChainScan = (result: Awaited<ReturnType<typeof benchChainScan>>) =>
  `chain scan: ${result.blocks} blocks, ${result.transfers} payments among ${result.watched} watched addresses: ` +
  `${result.blocksPerSecond.toFixed(0)} blocks/s (goal ≥ ${goalBlocksPerSecond}: ${result.met ? 'met' : 'NOT MET'}), ` +
  `${result.ratio.toFixed(2)}× the bare node reads (${result.readOnlyBlocksPerSecond.toFixed(0)} blocks/s); ` +
  `CPU per block: scan ${cpuText(result.scanCpuMs)}, bare reads ${cpuText(result.readCpuMs)}; load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeChainScan(await benchChainScan()));
}
