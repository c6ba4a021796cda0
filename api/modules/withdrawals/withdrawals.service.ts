import type { AppDeps } from '../../app-deps';
import type { AdminListQuery } from '../../contracts/admin';
import type { withdrawalMethods } from '../../contracts/investments';
import { badRequest, conflict, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { postTransfer } from '../ledger/ledger.service';
import { markOperatorNoticesDone, notify, notifyOperators } from '../notifications/notifications.api';
import { findUserById } from '../identity/identity.api';
import { createPayoutAddressService } from '../identity/payout-addresses/payout-addresses.service';
import { withdrawalsRepo } from './withdrawals.repo';

type Method = (typeof withdrawalMethods)[number];

const addressColumn: Record<Method, 'bitcoin_address' | 'ethereum_address' | 'usdt_address'> = {
  Bitcoin: 'bitcoin_address',
  Ethereum: 'ethereum_address',
  USDT: 'usdt_address',
};

export function createWithdrawalService(deps: AppDeps) {
  const { db, clock } = deps;
  const payoutAddresses = createPayoutAddressService(deps);
  async function decide(
    adminId: string,
    id: string,
    outcome: 'paid' | 'rejected',
    note: { txHash?: string; reason?: string },
  ) {
    await db.transaction(async (trx) => {
      const withdrawal = await withdrawalsRepo.byIdForUpdate(trx, id);
      if (!withdrawal) throw notFound('Withdrawal not found');
      if (withdrawal.status !== 'pending') throw conflict(`Withdrawal already ${withdrawal.status}`);
      const now = clock.now();
      const amount = Number(withdrawal.amount_cents);
      await withdrawalsRepo.decide(trx, id, {
        status: outcome,
        tx_hash: note.txHash ?? null,
        reject_reason: note.reason ?? null,
        decided_by: adminId,
        decided_at: now,
      });
      await postTransfer(trx, {
        idempotencyKey: `withdrawal-${outcome}:${id}`,
        kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_released',
        subjectUserId: withdrawal.user_id,
        actorId: adminId,
        at: now,
        details: { withdrawalId: id, ...note },
        legs: [
          { account: { owner: withdrawal.user_id, kind: 'pending_withdrawal' }, amountCents: -amount },
          outcome === 'paid'
            ? { account: { system: 'payouts' }, amountCents: amount }
            : { account: { owner: withdrawal.user_id, kind: 'available' }, amountCents: amount },
        ],
      });
      await markOperatorNoticesDone(trx, `withdrawal-waiting:${id}`, now);
      await notify(trx, {
        userId: withdrawal.user_id,
        kind: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.rejected',
        params: {
          amountCents: amount,
          method: withdrawal.method,
          txHash: note.txHash ?? null,
          reason: note.reason ?? null,
        },
        link: '/transaction?tab=withdrawal',
        eventKey: `withdrawal-${outcome}:${id}`,
        at: now,
      });
      await recordAudit(trx, {
        actorId: adminId,
        action: outcome === 'paid' ? 'withdrawal.approve' : 'withdrawal.reject',
        subjectType: 'withdrawal',
        subjectId: id,
        before: { status: 'pending' },
        after: { status: outcome, ...note },
        at: now,
      });
    });
  }

  return {
    listOf: (userId: string) => withdrawalsRepo.forUser(db, userId),

    adminPage: (query: AdminListQuery) => withdrawalsRepo.forAdmin(db, query),

    /** Holds the amount at once; the ledger refuses it (409) when the available balance is short. */
    async request(userId: string, amountCents: number, method: Method) {
      // A changed address counts only once its hold is over; until then the old one stays in force.
      await payoutAddresses.activateDue(userId);
      const user = await findUserById(db, userId);
      const address = user?.[addressColumn[method]] as string | null;
      if (!address) {
        throw badRequest(`Add your ${method} payout address in Withdrawer Details first`, {
          method: `No ${method} address set`,
        });
      }
      return db.transaction(async (trx) => {
        const now = clock.now();
        const withdrawal = await withdrawalsRepo.create(trx, {
          user_id: userId,
          amount_cents: amountCents,
          method,
          address,
          created_at: now,
        });
        await postTransfer(trx, {
          idempotencyKey: `withdrawal-hold:${withdrawal.id}`,
          kind: 'withdrawal_hold',
          subjectUserId: userId,
          actorId: userId,
          at: now,
          details: { withdrawalId: withdrawal.id },
          legs: [
            { account: { owner: userId, kind: 'available' }, amountCents: -amountCents },
            { account: { owner: userId, kind: 'pending_withdrawal' }, amountCents },
          ],
        });
        await notify(trx, {
          userId,
          kind: 'withdrawal.requested',
          params: { amountCents, method },
          link: '/transaction?tab=withdrawal',
          eventKey: `withdrawal-requested:${withdrawal.id}`,
          at: now,
        });
        await notifyOperators(trx, {
          kind: 'operator.withdrawal',
          params: { amountCents, method, email: user!.email },
          link: '/admin/withdrawals',
          eventKey: `withdrawal-waiting:${withdrawal.id}`,
          at: now,
        });
        return withdrawal;
      });
    },
    approve: (adminId: string, id: string, txHash: string) => decide(adminId, id, 'paid', { txHash }),
    reject: (adminId: string, id: string, reason: string) => decide(adminId, id, 'rejected', { reason }),
  };
}
