import { centsToDollars } from '../../contracts/money';
import type { AdminWithdrawalRow, WithdrawalRow } from './withdrawals.repo';

export function presentWithdrawal(row: WithdrawalRow) {
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    method: row.method,
    address: row.address,
    status: row.status,
    txHash: row.tx_hash,
    rejectReason: row.reject_reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** One row of the admin's withdrawals table: the withdrawal, whose it is and what that investor has left. */
export const presentAdminWithdrawal = (row: AdminWithdrawalRow) => ({
  ...presentWithdrawal(row),
  user: { id: row.user_id, email: row.user_email },
  availableBalance: centsToDollars(Number(row.available_cents)),
});
