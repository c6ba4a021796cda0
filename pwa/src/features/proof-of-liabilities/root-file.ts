import type { LiabilitySnapshot } from '../../lib/queries/liability-snapshots';

/** How leaves were made, by the snapshot's version (api/contracts/liability-tree.ts, docs/proof-of-liabilities.md). */
const leafEncodings = {
  1: {
    leaf: 'SHA-256(utf8(snapshotId) || utf8(salt) || utf8(userKey) || u64be(cents)), sum = cents; one leaf per investor',
    padding: 'leaves shuffled, padded to a power of two with zero leaves (32 zero bytes, sum 0)',
  },
  2: {
    leaf:
      'SHA-256(utf8(snapshotId) || utf8(salt) || utf8(userKey) || u64be(part) || u64be(parts) || u64be(cents)), ' +
      'sum = cents; each balance split into parts = 2 leaves of random whole-cent shares adding up to it, part 0 and 1',
    padding:
      "all investors' leaves shuffled together, never one investor's two leaves as siblings, padded to a power of " +
      'two with zero leaves (32 zero bytes, sum 0)',
  },
} as const;

/** A snapshot's root as a downloadable file: enough to check a proof later, with the encoding spelled out. */
export const rootFile = (snapshot: LiabilitySnapshot) => ({
  snapshotId: snapshot.id,
  version: snapshot.version,
  root: snapshot.root,
  total: snapshot.total,
  totalCents: snapshot.totalCents,
  investors: snapshot.investors,
  takenAt: snapshot.takenAt,
  encoding: {
    ...leafEncodings[snapshot.version],
    parent: 'SHA-256(left.hash || u64be(left.sum) || right.hash || u64be(right.sum)), sum = left.sum + right.sum',
    hashes: 'lower-case hex in JSON, raw 32 bytes inside the hashed data',
  },
});
