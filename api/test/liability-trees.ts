import { randomBytes } from 'node:crypto';
import { buildLevels, pathOf, toHex, type LiabilityLeaf, type LiabilityProof } from '../contracts/liability-tree';
import { leafNode, sha256 } from '../modules/proof-of-liabilities/tree-blocks';

/** A tree of `count` random leaves as a snapshot would build it, and the proof of any of its leaves. */
export function sampleTree(snapshotId: number, count: number, cents = (index: number) => (index * 7919) % 100_000) {
  const leaves: LiabilityLeaf[] = Array.from({ length: count }, (_, index) => ({
    salt: randomBytes(16).toString('hex'),
    userKey: `user-${index}`,
    cents: cents(index),
  }));
  const levels = buildLevels(
    leaves.map((leaf) => leafNode(snapshotId, leaf)),
    sha256,
  );
  const top = levels.at(-1)![0]!;
  const proof = (index: number): LiabilityProof => ({
    snapshotId,
    root: toHex(top.hash),
    total: top.sum / 100,
    totalCents: top.sum,
    leaf: leaves[index]!,
    path: pathOf(levels, index),
  });
  return { leaves, levels, root: toHex(top.hash), totalCents: top.sum, proof };
}
