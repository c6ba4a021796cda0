import type { FundHold } from '../../contracts/kyc-limits';
import { centsToDollars } from '../../contracts/money';
import type { FundHoldRow } from './fund-holds.repo';

export const presentFundHold = (row: FundHoldRow): FundHold => ({
  id: row.id,
  amount: centsToDollars(row.amount_cents),
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
  releasedByAdmin: row.released_by !== null,
});
