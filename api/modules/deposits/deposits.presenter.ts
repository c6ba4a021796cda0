import { centsToDollars } from '../../contracts/money';
import type { DepositView } from './deposits.repo';

export function presentDeposit(row: DepositView) {
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    coin: row.coin,
    planName: row.plan_name,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function presentReceipt(row: DepositView & { user_email: string; duplicate_of: string | null }) {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email },
    amount: centsToDollars(Number(row.amount_cents)),
    coin: row.coin,
    planName: row.plan_name,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.duplicate_of ? { duplicateOf: row.duplicate_of } : {}),
  };
}
