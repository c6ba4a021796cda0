import { centsToDollars } from '../../contracts/money';
import type { LiabilityProof } from '../../contracts/liability-tree';
import type { LeafRow, SnapshotRow } from './proof-of-liabilities.repo';
import type { proofFor } from './proof-of-liabilities.service';

/** A published snapshot: what anyone may see of it. */
export const presentSnapshot = (row: Pick<SnapshotRow, 'id' | 'root' | 'total_cents' | 'investors' | 'taken_at'>) => ({
  id: row.id,
  root: row.root,
  total: centsToDollars(row.total_cents),
  totalCents: row.total_cents,
  investors: row.investors,
  takenAt: new Date(row.taken_at).toISOString(),
});

/** The investor's proof: the leaf without the investor's own id, and the path up. */
export function presentProof({ snapshot, leaf, path }: Awaited<ReturnType<typeof proofFor>>): LiabilityProof {
  const { salt, cents, user_key: userKey }: LeafRow = leaf;
  return {
    snapshotId: snapshot.id,
    root: snapshot.root,
    total: centsToDollars(snapshot.total_cents),
    totalCents: snapshot.total_cents,
    leaf: { salt, cents, userKey },
    path,
  };
}
