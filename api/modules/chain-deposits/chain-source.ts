import type { ChainCoin } from '../../config/chains';

/** Money to one of our addresses found in a block: `matchKey` is the address's (chain_addresses.match_key). */
export interface FoundPayment {
  txHash: string;
  outputIndex: number;
  matchKey: string;
  coin: ChainCoin;
  units: bigint;
  /**
   * Who paid, for the sanctions screening: an EVM transaction's sender, or a token Transfer's `from` (lower-case); a
   * UTXO transaction's inputs' addresses (as the node writes them).
   */
  sources?: string[];
  /** Why some payers could not be read (a UTXO node without -txindex=1): credited, but the operator is told. */
  sourcesUnknown?: string;
}

export interface ScannedBlock {
  height: number;
  hash: string;
  parentHash: string;
  payments: FoundPayment[];
}

/**
 * What the watcher needs of a node, one implementation per chain kind (EVM, UTXO). Hashes are
 * compared as the node writes them, so a source must always write them the same way.
 */
export interface ChainSource {
  tipHeight(): Promise<number>;
  /** The hash of the node's block at `height` on its best chain; undefined above its tip. */
  hashAt(height: number): Promise<string | undefined>;
  /** Blocks `from..to` in order, each the child of the one before (else it throws ChainMovedError). */
  scanBlocks(from: number, to: number, watched: ReadonlySet<string>): Promise<ScannedBlock[]>;
}

/** The node's chain changed while we read it: the pass stops and the next one starts over from what is stored. */
export class ChainMovedError extends Error {
  constructor(height: number) {
    super(`the chain moved under the scanner at height ${height}`);
  }
}

export function checkLinked(blocks: ScannedBlock[]) {
  for (let i = 1; i < blocks.length; i++) {
    if (blocks[i]!.parentHash !== blocks[i - 1]!.hash) throw new ChainMovedError(blocks[i]!.height);
  }
  return blocks;
}
