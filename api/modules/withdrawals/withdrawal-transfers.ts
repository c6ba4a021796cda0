import type { Knex } from 'knex';
import { postTransfer, type Transfer } from '../ledger/ledger.service';
import { markOperatorNoticesDone, notify } from '../notifications/notifications.api';

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

/**
 * An on-chain payment reached its confirmations: the money leaves pending_withdrawal (under the same key as every
 * other way a withdrawal is paid, so it moves once), the operators' waiting notice is done and the investor is told,
 * with the transaction's link. Whoever calls it has already marked the withdrawal paid in the same transaction.
 */
export async function settleOnChainPayment(
  trx: Knex.Transaction,
  withdrawal: { id: string; user_id: string; amount_cents: number | string; method: string },
  payment: { txHash: string; explorerUrl: string | null; at: Date; details: Record<string, unknown> },
) {
  await postTransfer(
    trx,
    withdrawalDecidedTransfer(withdrawal, 'paid', {
      at: payment.at,
      actorId: null,
      details: { ...payment.details, txHash: payment.txHash },
    }),
  );
  await markOperatorNoticesDone(trx, `withdrawal-waiting:${withdrawal.id}`, payment.at);
  await notify(trx, {
    userId: withdrawal.user_id,
    kind: 'withdrawal.paid',
    params: {
      amountCents: Number(withdrawal.amount_cents),
      method: withdrawal.method,
      txHash: payment.txHash,
      explorerUrl: payment.explorerUrl,
    },
    link: '/transaction?tab=withdrawal',
    eventKey: `withdrawal-paid:${withdrawal.id}`,
    at: payment.at,
  });
}
