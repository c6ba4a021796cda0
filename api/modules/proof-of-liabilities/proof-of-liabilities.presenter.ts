import { centsToDollars } from '../../contracts/money';
import { coinText } from '../chain-deposits/amounts';
import type { LiabilityProof } from '../../contracts/liability-tree';
import type { LeafRow, SnapshotRow } from './proof-of-liabilities.repo';
import type { proofFor } from './proof-of-liabilities.service';
import type { createReserves } from './reserves';

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

/** Reserves beside the liabilities: each address's balance in coins and dollars, the total and the ratio. */
export function presentReserves(reserves: Awaited<ReturnType<ReturnType<typeof createReserves>>>) {
  const { totalCents, liabilitiesCents } = reserves;
  return {
    configured: reserves.configured,
    addresses: reserves.addresses.map((row) => ({
      chain: row.chain,
      coin: row.coin,
      address: row.address,
      balance: row.units === undefined ? null : coinText(row.units, row.decimals),
      value: row.cents === undefined ? null : centsToDollars(row.cents),
    })),
    total: totalCents === undefined ? null : centsToDollars(totalCents),
    liabilities: liabilitiesCents === undefined ? null : centsToDollars(liabilitiesCents),
    ratio: totalCents === undefined || !liabilitiesCents ? null : totalCents / liabilitiesCents,
    snapshotId: reserves.snapshotId ?? null,
    asOf: reserves.asOf.toISOString(),
  };
}
