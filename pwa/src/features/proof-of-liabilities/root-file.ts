import type { LiabilitySnapshot } from '../../lib/liability-snapshots';

/** A snapshot's root as a downloadable file: enough to check a proof later, with the encoding spelled out. */
export const rootFile = (snapshot: LiabilitySnapshot) => ({
  snapshotId: snapshot.id,
  root: snapshot.root,
  total: snapshot.total,
  totalCents: snapshot.totalCents,
  investors: snapshot.investors,
  takenAt: snapshot.takenAt,
  encoding: {
    leaf: 'SHA-256(utf8(snapshotId) || utf8(salt) || utf8(userKey) || u64be(cents)), sum = cents',
    parent: 'SHA-256(left.hash || u64be(left.sum) || right.hash || u64be(right.sum)), sum = left.sum + right.sum',
    padding: 'leaves shuffled, padded to a power of two with zero leaves (32 zero bytes, sum 0)',
    hashes: 'lower-case hex in JSON, raw 32 bytes inside the hashed data',
  },
});
