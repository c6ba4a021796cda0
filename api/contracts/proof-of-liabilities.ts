import { z } from 'zod';

/** POST /api/admin/proof-of-liabilities takes no fields: a snapshot is of the ledger as it stands. */
export const takeSnapshotRequestSchema = z.strictObject({}, { error: 'A snapshot takes no fields' });
