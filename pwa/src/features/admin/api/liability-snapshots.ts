import { apiPost } from '../../../lib/api-client';
import type { LiabilitySnapshot } from '../../../lib/queries/liability-snapshots';

/** POST /api/admin/proof-of-liabilities: a snapshot of the ledger as it stands, published at once (and audited). */
export const takeLiabilitySnapshot = () => apiPost<{ snapshot: LiabilitySnapshot }>('admin/proof-of-liabilities', {});
