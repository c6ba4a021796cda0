import type { LiabilitySnapshot, Reserves } from '../../contracts/answers';
import { centsToDollars } from '../../contracts/money';
import { coinText } from '../chain-deposits/chain-deposits.api';
import type { LiabilityProof } from '../../contracts/liability-tree';
import type { SnapshotRow } from './proof-of-liabilities.repo';
import type { proofFor } from './proof-of-liabilities.service';
import type { createReserves } from './reserves';

/** A published snapshot: what anyone may see of it (`version`: the leaf encoding its root is built with). */
export const presentSnapshot = (
  row: Pick<SnapshotRow, 'id' | 'root' | 'total_cents' | 'investors' | 'taken_at' | 'encoding'>,
): LiabilitySnapshot => ({
  id: row.id,
  version: row.encoding,
  root: row.root,
  total: centsToDollars(row.total_cents),
  totalCents: row.total_cents,
  investors: row.investors,
  takenAt: new Date(row.taken_at).toISOString(),
});

/** The investor's proof: every leaf of theirs (part 0 first) with its path up, without the investor's own id. */
export function presentProof({ snapshot, leaves }: Awaited<ReturnType<typeof proofFor>>): LiabilityProof {
  return {
    version: snapshot.encoding,
    snapshotId: snapshot.id,
    root: snapshot.root,
    total: centsToDollars(snapshot.total_cents),
    totalCents: snapshot.total_cents,
    userKey: leaves[0]!.user_key,
    balanceCents: leaves.reduce((sum, leaf) => sum + leaf.cents, 0),
    leaves: leaves.map(({ salt, cents, path }) => ({ salt, cents, path })),
  };
}

/** Reserves beside the liabilities: each address's balance in coins and dollars, the total and the ratio. */
export function presentReserves(reserves: Awaited<ReturnType<ReturnType<typeof createReserves>>>): Reserves {
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
