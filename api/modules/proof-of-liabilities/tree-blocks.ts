import { hash } from 'node:crypto';
import {
  buildLevels,
  leafPreimage,
  pathOf,
  zeroLeaf,
  type LiabilityLeaf,
  type PathStep,
  type TreeNode,
} from '../../contracts/liability-tree';
import type { LeafRow, SnapshotRow } from './proof-of-liabilities.repo';

// Node's one-shot hash: about twice as fast as a Hash object per call for 80-byte inputs, 230,000 of them a snapshot.
export const sha256 = (bytes: Uint8Array): Uint8Array => hash('sha256', bytes, 'buffer');

/**
 * A proof is read from one block of 2^8 leaves plus the stored nodes above the blocks, instead of rebuilding a
 * 100,000-leaf tree per request or storing every node (40 bytes × 2 × leaves per snapshot, every day).
 */
const blockLevel = 8;
const nodeBytes = 40;

export const leafNode = (snapshotId: number, leaf: LiabilityLeaf): TreeNode => ({
  hash: sha256(leafPreimage(snapshotId, leaf)),
  sum: leaf.cents,
});

/** The leaf a stored row is hashed as, in its snapshot's encoding (version 1 hashes no part). */
export const rowLeaf = (
  snapshot: Pick<SnapshotRow, 'encoding' | 'leaves_per_investor'>,
  row: Pick<LeafRow, 'salt' | 'user_key' | 'cents' | 'part'>,
): LiabilityLeaf => ({
  salt: row.salt,
  userKey: row.user_key,
  cents: row.cents,
  ...(snapshot.encoding === 2 && { part: row.part, parts: snapshot.leaves_per_investor }),
});

const heightOf = (levels: TreeNode[][]) => levels.length - 1;

/** The levels from the block level (or the leaves, for a tree smaller than a block) up to the root, packed. */
export function packUpperNodes(levels: TreeNode[][]): Buffer {
  const from = Math.min(blockLevel, heightOf(levels));
  const nodes = levels.slice(from).flat();
  const packed = Buffer.alloc(nodes.length * nodeBytes);
  nodes.forEach((node, index) => {
    packed.set(node.hash, index * nodeBytes);
    packed.writeBigUInt64BE(BigInt(node.sum), index * nodeBytes + 32);
  });
  return packed;
}

/** The leaf positions of the block holding `position`, in a tree padded to `paddedLeaves`. */
export function blockOf(position: number, paddedLeaves: number) {
  const size = Math.min(2 ** blockLevel, paddedLeaves);
  const first = position - (position % size);
  return { first, last: first + size - 1, size };
}

/**
 * The path of the leaf at `position`: inside its block from the block's leaves (`blockLeaves`, in order, missing
 * ones being padding), then from the stored upper nodes.
 */
export function pathFromBlock(
  position: number,
  paddedLeaves: number,
  blockLeaves: TreeNode[],
  upperNodes: Buffer,
): PathStep[] {
  const { first, size } = blockOf(position, paddedLeaves);
  // The last block may be part padding: pad it to a whole block, as the whole tree was padded.
  const padded = [...blockLeaves, ...Array.from({ length: size - blockLeaves.length }, zeroLeaf)];
  const path = pathOf(buildLevels(padded, sha256), position - first);
  const height = Math.log2(paddedLeaves);
  let offset = 0;
  for (let level = Math.log2(size); level < height; level++) {
    const index = (position >> level) ^ 1;
    const at = (offset + index) * nodeBytes;
    path.push({
      hash: upperNodes.subarray(at, at + 32).toString('hex'),
      sum: Number(upperNodes.readBigUInt64BE(at + 32)),
      side: index % 2 === 0 ? 'left' : 'right',
    });
    offset += paddedLeaves >> level;
  }
  return path;
}
