import type { Knex } from 'knex';
import type { Clock } from '../../lib/clock';
import type { ChainCoin } from '../../config/chains';
import { ChainMovedError, type ChainSource, type ScannedBlock } from './chain-source';
import type { LiveRates } from './live-rate';
import { scannerRepo, type NewPayment, type WatchedAddress } from './scanner.repo';

export interface ScanOptions {
  chain: string;
  source: ChainSource;
  clock: Clock;
  liveRates: LiveRates;
  /** 10^decimals units make one of the coin. */
  decimalsOf: (coin: ChainCoin) => number;
  /** Where a chain never scanned starts; by default the tip less `keepBlocks`. */
  startHeight?: number;
  /** Recent block hashes kept to find where a fork left our chain: the deepest reorg followed. */
  keepBlocks: number;
  batchSize: number;
  /** Confirmations a payment needs before it is credited; one seen with fewer gets a "seen, 1 of N" notice. */
  confirmations: number;
}

/**
 * Follows the node's best chain from where the last pass stopped. A stored block whose hash the
 * node no longer has (a fork, or a tip replaced at the same height) sends it back to the last
 * common block: payments above it are orphaned, and scanning goes on from there on the new chain,
 * where moved payments are found again. Returns the payments of credited rows a fork dropped.
 */
export async function scanPass(db: Knex, options: ScanOptions) {
  const { chain, source } = options;
  const tip = await source.tipHeight();
  let scanned = await scannerRepo.scannedHeight(db, chain);
  if (scanned === null) {
    scanned = (options.startHeight ?? Math.max(0, tip - options.keepBlocks + 1)) - 1;
    await scannerRepo.setScanned(db, chain, scanned);
  }
  const dropped: Awaited<ReturnType<typeof scannerRepo.orphanAbove>> = [];
  let rewinds = 0;
  const rewind = async (from: number) => {
    // A node whose chain keeps moving under us: stop, the next pass starts over.
    if (++rewinds > 20) throw new ChainMovedError(from);
    const common = await lastCommonHeight(db, options, from);
    dropped.push(...(await db.transaction((trx) => scannerRepo.orphanAbove(trx, chain, common))));
    return common;
  };
  // Our newest block must still be the node's block at its height: this catches a same-height replacement.
  if ((await scannerRepo.hashAt(db, chain, scanned)) !== undefined) {
    if ((await source.hashAt(scanned)) !== (await scannerRepo.hashAt(db, chain, scanned)))
      scanned = await rewind(scanned);
  }
  const watched = new Map((await scannerRepo.watched(db, chain)).map((row) => [row.match_key, row]));
  while (scanned < tip) {
    const blocks = await source.scanBlocks(
      scanned + 1,
      Math.min(tip, scanned + options.batchSize),
      new Set(watched.keys()),
    );
    const ours = await scannerRepo.hashAt(db, chain, scanned);
    if (ours !== undefined && blocks[0]!.parentHash !== ours) {
      scanned = await rewind(scanned);
      continue;
    }
    const priced: Array<{ block: ScannedBlock; payments: NewPayment[] }> = [];
    for (const block of blocks) priced.push({ block, payments: await paymentsOf(block, watched, options) });
    // The batch in one transaction: its blocks, their payments and the new height are stored together or not at all.
    await db.transaction(async (trx) => {
      for (const { block, payments } of priced)
        await scannerRepo.recordBlock(trx, chain, block, payments, {
          at: options.clock.now(),
          keepBlocks: options.keepBlocks,
          tip,
          confirmations: options.confirmations,
        });
    });
    scanned = blocks.at(-1)!.height;
  }
  return { tip, scanned, dropped };
}

/** Walks down from `from` to the highest stored block the node still has; below the kept history, the lowest kept less one. */
async function lastCommonHeight(db: Knex, { chain, source }: ScanOptions, from: number) {
  const lowest = (await scannerRepo.lowestKept(db, chain)) ?? from;
  for (let height = from; height >= lowest; height--) {
    const ours = await scannerRepo.hashAt(db, chain, height);
    if (ours !== undefined && ours === (await source.hashAt(height))) return height;
  }
  return lowest - 1;
}

/**
 * Prices each payment when first seen: to its quote's coin within the window, at the quote (pro rata);
 * otherwise at the live rate now, or later when one is available (the credit step fills it in).
 */
async function paymentsOf(block: ScannedBlock, watched: Map<string, WatchedAddress>, options: ScanOptions) {
  const now = options.clock.now();
  const found: NewPayment[] = [];
  for (const payment of block.payments) {
    const owner = watched.get(payment.matchKey);
    if (!owner) continue;
    const inWindow = payment.coin === owner.quote_coin && now <= new Date(owner.expires_at);
    const rate = inWindow ? owner.rate : ((await options.liveRates(payment.coin as ChainCoin))?.rate ?? null);
    found.push({
      txHash: payment.txHash,
      outputIndex: payment.outputIndex,
      addressId: Number(owner.address_id),
      quoteId: owner.quote_id,
      userId: owner.user_id,
      coin: payment.coin,
      units: payment.units,
      decimals: options.decimalsOf(payment.coin),
      rate,
      pricedByQuote: inWindow,
    });
  }
  return found;
}
