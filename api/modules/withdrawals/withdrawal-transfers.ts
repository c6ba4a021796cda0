import type { Transfer } from '../ledger/ledger.service';

/**
 * A withdrawal leaves pending_withdrawal once, under one key whichever way it ends: `paid` (to the payouts account,
 * whether an admin marked it or the chain confirmed it) or `rejected` (back to the investor's available balance).
 */
export function withdrawalDecidedTransfer(
  withdrawal: { id: string; user_id: string; amount_cents: number | string },
  outcome: 'paid' | 'rejected',
  { at, actorId, details }: { at: Date; actorId: string | null; details: Record<string, unknown> },
): Transfer {
  const amount = Number(withdrawal.amount_cents);
  return {
    idempotencyKey: `withdrawal-${outcome}:${withdrawal.id}`,
    kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_released',
    subjectUserId: withdrawal.user_id,
    actorId,
    at,
    details: { withdrawalId: withdrawal.id, ...details },
    legs: [
      { account: { owner: withdrawal.user_id, kind: 'pending_withdrawal' }, amountCents: -amount },
      outcome === 'paid'
        ? { account: { system: 'payouts' }, amountCents: amount }
        : { account: { owner: withdrawal.user_id, kind: 'available' }, amountCents: amount },
    ],
  };
}
