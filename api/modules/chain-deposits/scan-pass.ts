import type { Knex } from 'knex';
import type { Clock } from '../../lib/clock';
import type { ChainCoin } from '../../config/chains';
import { ChainMovedError, type ChainSource, type FoundPayment, type ScannedBlock } from './chain-source';
import { lowerRate } from './amounts';
import type { LiveRates } from './live-rate';
import { isSanctioned, recordHit, type SanctionsList } from '../sanctions/sanctions.api';
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
  /** The sanctions list the payers of this chain are screened against: `ethereum` on an EVM chain, else the coin's. */
  sourceList?: SanctionsList;
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
  const watchedKeys = new Set(watched.keys());
  const read = (from: number): { from: number; blocks: Promise<ScannedBlock[]> } => {
    const blocks = source.scanBlocks(from, Math.min(tip, from + options.batchSize - 1), watchedKeys);
    // A read ahead that a rewind leaves unused may fail unobserved; one that is used throws where it is awaited.
    blocks.catch(() => undefined);
    return { from, blocks };
  };
  let ahead: { from: number; blocks: Promise<ScannedBlock[]> } | undefined;
  while (scanned < tip) {
    const blocks: ScannedBlock[] = await (ahead?.from === scanned + 1 ? ahead : read(scanned + 1)).blocks;
    ahead = undefined;
    const ours = await scannerRepo.hashAt(db, chain, scanned);
    if (ours !== undefined && blocks[0]!.parentHash !== ours) {
      scanned = await rewind(scanned);
      continue;
    }
    // The node reads the next batch while this one is priced and stored: the two waits overlap. That batch is
    // checked against this one's stored hash like any other, so a chain that moved in between is caught there.
    if (blocks.at(-1)!.height < tip) ahead = read(blocks.at(-1)!.height + 1);
    const priced = await paymentsOf(db, blocks, watched, options);
    // The batch in one transaction: its blocks, their payments and the new height are stored together or not at all.
    await db.transaction(async (trx) => {
      await scannerRepo.recordBlocks(trx, chain, priced, {
        at: options.clock.now(),
        keepBlocks: options.keepBlocks,
        tip,
        confirmations: options.confirmations,
      });
      await screenSources(trx, options, priced);
    });
    scanned = blocks.at(-1)!.height;
  }
  return { tip, scanned, dropped };
}

/**
 * Screens each payment's payers against the sanctions lists, in the transaction that stores it: a listed one opens a
 * deposit incident (once per payment and address, so a payment found again after a reorg adds none), and the credit
 * then puts the money in the investor's held balance until the operator releases it. A payment whose payers the node
 * could not give is credited as usual (money sent is never ignored) but recorded as not screened.
 */
async function screenSources(trx: Knex.Transaction, options: ScanOptions, priced: Array<{ payments: NewPayment[] }>) {
  const list = options.sourceList;
  if (!list) return;
  const at = options.clock.now();
  const payments = priced.flatMap((block) => block.payments);
  await scannerRepo.recordUnscreened(
    trx,
    options.chain,
    payments.flatMap((payment) => (payment.sourcesUnknown ? [{ ...payment, reason: payment.sourcesUnknown }] : [])),
    at,
  );
  for (const payment of payments)
    for (const source of new Set(payment.sources ?? []))
      if (await isSanctioned(trx, list, source))
        await recordHit(trx, {
          kind: 'deposit',
          userId: payment.userId,
          coin: list,
          address: source,
          subjectId: depositKeyOf(options.chain, payment),
          at,
        });
}

/** A payment's ledger key, also the subject of its sanctions incident and of its hold. */
export const depositKeyOf = (chain: string, payment: { txHash: string; outputIndex: number }) =>
  `deposit:${chain}:${payment.txHash}:${payment.outputIndex}`;

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
 * Prices each new payment when first seen. To its quote's coin within the window, the quote's rate covers at most
 * the coins the quote asked for, counting the quote's earlier payments; coins beyond them are priced at the lower of
 * the quoted and the live rate. A payment that is neither (late, or another coin) is priced at the live rate. With
 * no live rate now, `rate` stays null and the credit step fills it in; a payment wholly inside its quote needs none.
 * A payment stored before (found again after a reorg) keeps its pricing. What is stored is read once for the batch.
 */
async function paymentsOf(
  db: Knex,
  blocks: ScannedBlock[],
  watched: Map<string, WatchedAddress>,
  options: ScanOptions,
) {
  const now = options.clock.now();
  const ours = blocks.flatMap((block) =>
    block.payments.flatMap((payment) => {
      const owner = watched.get(payment.matchKey);
      return owner ? [{ block, payment, owner }] : [];
    }),
  );
  const stored = await scannerRepo.storedPayments(
    db,
    options.chain,
    ours.map(({ payment }) => payment),
  );
  // Found again after a reorg: only its block changes (recordBlocks keeps its pricing).
  const isAgain = (payment: FoundPayment) => stored.has(`${payment.txHash}:${payment.outputIndex}`);
  const inWindowOf = (payment: FoundPayment, owner: WatchedAddress) =>
    payment.coin === owner.quote_coin && now <= new Date(owner.expires_at);
  // Each quote's coins priced at it so far, counting this batch's payments as they are priced in chain order.
  const quotedSoFar = await scannerRepo.quotedUnitsTaken(db, [
    ...new Set(
      ours
        .filter(({ payment, owner }) => inWindowOf(payment, owner) && !isAgain(payment))
        .map(({ owner }) => owner.quote_id),
    ),
  ]);
  const found = new Map<ScannedBlock, NewPayment[]>(blocks.map((block) => [block, []]));
  for (const { block, payment, owner } of ours) {
    const again = isAgain(payment);
    const inWindow = inWindowOf(payment, owner);
    let quotedUnits = 0n;
    if (inWindow && !again) {
      const taken = quotedSoFar.get(owner.quote_id)!;
      const left = BigInt(owner.coin_units) - taken;
      quotedUnits = payment.units < left ? payment.units : left > 0n ? left : 0n;
      quotedSoFar.set(owner.quote_id, taken + quotedUnits);
    }
    let rate: string | null = owner.rate;
    if (payment.units > quotedUnits && !again) {
      const live = (await options.liveRates(payment.coin as ChainCoin))?.rate ?? null;
      rate = inWindow && live !== null ? lowerRate(owner.rate, live) : live;
    }
    found.get(block)!.push({
      txHash: payment.txHash,
      outputIndex: payment.outputIndex,
      addressId: Number(owner.address_id),
      quoteId: owner.quote_id,
      userId: owner.user_id,
      coin: payment.coin,
      units: payment.units,
      quotedUnits,
      decimals: options.decimalsOf(payment.coin),
      rate,
      pricedByQuote: inWindow,
      sources: payment.sources,
      sourcesUnknown: payment.sourcesUnknown,
    });
  }
  return blocks.map((block) => ({ block, payments: found.get(block)! }));
}
