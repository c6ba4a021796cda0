import { randomBytes } from 'node:crypto';
import {
  buildLevels,
  pathOf,
  toHex,
  type LiabilityLeaf,
  type LiabilityProof,
  type TreeVersion,
} from '../contracts/liability-tree';
import { separateSiblings, shuffle, splitBalance } from '../modules/proof-of-liabilities/leaf-shares';
import { leafNode, sha256 } from '../modules/proof-of-liabilities/tree-blocks';

type SampleLeaf = LiabilityLeaf & { investor: number; user_id: string };

/**
 * A tree of `investors` random balances as a snapshot would build it (version 2: two shuffled shares each; version 1:
 * one leaf each, in order), and the proof of any investor.
 */
export function sampleTree(
  snapshotId: number,
  investors: number,
  { cents = (index: number) => (index * 7919) % 100_000, version = 2 as TreeVersion } = {},
) {
  const balances = Array.from({ length: investors }, (_, index) => cents(index));
  const unplaced: Omit<SampleLeaf, 'salt'>[] = balances.flatMap((balance, investor) => {
    const who = { investor, user_id: `user-${investor}`, userKey: `user-${investor}` };
    if (version === 1) return [{ ...who, cents: balance }];
    return splitBalance(balance).map((share, part) => ({ ...who, cents: share, part, parts: 2 }));
  });
  const placed = version === 1 ? unplaced : separateSiblings(shuffle(unplaced));
  const leaves: SampleLeaf[] = placed.map((leaf) => ({ ...leaf, salt: randomBytes(16).toString('hex') }));
  const levels = buildLevels(
    leaves.map((leaf) => leafNode(snapshotId, leaf)),
    sha256,
  );
  const top = levels.at(-1)![0]!;
  /** The positions of an investor's leaves, part 0 first. */
  const positionsOf = (investor: number) =>
    leaves
      .map((leaf, position) => ({ leaf, position }))
      .filter(({ leaf }) => leaf.investor === investor)
      .sort((a, b) => (a.leaf.part ?? 0) - (b.leaf.part ?? 0))
      .map(({ position }) => position);
  const proof = (investor: number): LiabilityProof => ({
    version,
    snapshotId,
    root: toHex(top.hash),
    total: top.sum / 100,
    totalCents: top.sum,
    userKey: `user-${investor}`,
    balanceCents: balances[investor]!,
    leaves: positionsOf(investor).map((position) => ({
      salt: leaves[position]!.salt,
      cents: leaves[position]!.cents,
      path: pathOf(levels, position),
    })),
  });
  return { balances, leaves, levels, root: toHex(top.hash), totalCents: top.sum, positionsOf, proof };
}
