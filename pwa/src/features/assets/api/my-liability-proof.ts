import { apiGet } from '../../../lib/api-client';
import type { LiabilityProof } from '../liability-proof';

/** GET /api/proof-of-liabilities/:id/my-proof: the investor's leaf in a snapshot and the path up to its root. */
export const fetchMyLiabilityProof = (snapshotId: number) =>
  apiGet<LiabilityProof>(`proof-of-liabilities/${snapshotId}/my-proof`);
