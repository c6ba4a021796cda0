import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { AdminListQuery } from '../../contracts/admin';
import { offeredWithdrawalMethods, payoutKindOfMethod, type withdrawalMethods } from '../../contracts/investments';
import type { Db } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { postTransfer } from '../ledger/ledger.service';
import { markOperatorNoticesDone, notify, notifyOperators } from '../notifications/notifications.api';
import { findUserById, lockAgainstErasure } from '../identity/identity.api';
import { createPayoutAddressService } from '../identity/payout-addresses/payout-addresses.service';
import { createLiveRates, chainScannedHeights } from '../chain-deposits/chain-deposits.api';
import { createMarketService } from '../market/market.service';
import { isWithdrawalHeld, screenForSubject } from '../sanctions/sanctions.api';
import { onChainPayoutsRepo } from './on-chain-payouts.repo';
import { createOnChainPayouts } from './on-chain-payouts.service';
import { assertWithdrawalWithinLimit } from '../kyc/kyc-limits.service';
import { withdrawalDecidedTransfer } from './withdrawal-transfers';
import { withdrawalsRepo } from './withdrawals.repo';

type Method = (typeof withdrawalMethods)[number];

const addressColumn = {
  Bitcoin: 'bitcoin_address',
  Ethereum: 'ethereum_address',
  USDT: 'usdt_address',
  Litecoin: 'litecoin_address',
  Dogecoin: 'dogecoin_address',
} as const satisfies Record<Method, string>;

const heldBySanctions = () =>
  conflict('This withdrawal is held by sanctions screening: decide its incident on the Sanctions screening page first');

export function createWithdrawalService(deps: AppDeps) {
  const { db, clock } = deps;
  const payoutAddresses = createPayoutAddressService(deps);
  const onChain = createOnChainPayouts(deps, createLiveRates(createMarketService(deps), clock));
  const offeredMethods: readonly Method[] = offeredWithdrawalMethods(deps.config.operator.chains);
  /**
   * Screens the withdrawal's address at approval: a listed one (not released by the operator for this withdrawal)
   * opens an incident, committed on its own, and the withdrawal stays held, as does one with an open incident.
   */
  async function refuseIfSanctioned(withdrawal: { id: string; user_id: string; method: string; address: string }) {
    const coin = payoutKindOfMethod[withdrawal.method as Method];
    const hit = { kind: 'withdrawal' as const, userId: withdrawal.user_id, coin, address: withdrawal.address };
    const held = await db.transaction(
      async (trx) =>
        (await screenForSubject(trx, { ...hit, subjectId: withdrawal.id, at: clock.now() })) ||
        (await isWithdrawalHeld(trx, withdrawal.id)),
    );
    if (held) throw heldBySanctions();
  }

  async function decide(
    adminId: string,
    id: string,
    outcome: 'paid' | 'rejected',
    note: { txHash?: string; reason?: string },
    executor: Db = db,
  ) {
    await executor.transaction(async (trx) => {
      const withdrawal = await withdrawalsRepo.byIdForUpdate(trx, id);
      if (!withdrawal) throw notFound('Withdrawal not found');
      // An on-chain withdrawal approved but not yet paid can still be rejected; once a payment is on chain, not.
      const open = withdrawal.status === 'pending' || (outcome === 'rejected' && withdrawal.status === 'approved');
      if (!open) throw conflict(`Withdrawal already ${withdrawal.status}`);
      if (outcome === 'paid' && (await isWithdrawalHeld(trx, id))) throw heldBySanctions();
      const now = clock.now();
      const amount = Number(withdrawal.amount_cents);
      await withdrawalsRepo.decide(trx, id, {
        status: outcome,
        tx_hash: note.txHash ?? null,
        reject_reason: note.reason ?? null,
        decided_by: adminId,
        decided_at: now,
      });
      await postTransfer(
        trx,
        withdrawalDecidedTransfer(withdrawal, outcome, { at: now, actorId: adminId, details: note }),
      );
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
        before: { status: withdrawal.status },
        after: { status: outcome, ...note },
        at: now,
      });
    });
  }

  return {
    /** The investor's withdrawals, with how far each chain is scanned to count on-chain payments' confirmations. */
    async listOf(userId: string) {
      const [rows, heights] = await Promise.all([withdrawalsRepo.forUser(db, userId), chainScannedHeights(db)]);
      return { rows, heights };
    },

    async adminPage(query: AdminListQuery) {
      const [page, heights] = await Promise.all([withdrawalsRepo.forAdmin(db, query), chainScannedHeights(db)]);
      return { ...page, heights };
    },

    /** A changed payout address counts only once its hold is over; until then the old one stays in force. */
    activateDueAddress: (userId: string) => payoutAddresses.activateDue(userId),

    /**
     * Holds the amount at once, in the caller's transaction; the ledger refuses it (409) when the available balance
     * is short. Call activateDueAddress first.
     */
    async request(executor: Knex.Transaction, userId: string, amountCents: number, method: Method) {
      // The schema knows every method; a chain's coin is offered only where that chain is configured.
      if (!offeredMethods.includes(method))
        throw badRequest(`${method} withdrawals are not offered: no ${method} chain is configured`);
      await lockAgainstErasure(executor, userId);
      const user = await findUserById(executor, userId);
      const address = user?.[addressColumn[method]] as string | null;
      if (!address) {
        throw badRequest(`Add your ${method} payout address in Withdrawer Details first`, {
          method: `No ${method} address set`,
        });
      }
      // Within the investor's 30-day limit for their identity level, else 403 kyc_limit (their lock held to commit).
      await assertWithdrawalWithinLimit(executor, deps, userId, amountCents);
      return executor.transaction(async (trx) => {
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
    /**
     * On a configured chain: without a hash the coin amount is fixed at the live rate; with one, the payment is checked
     * on the node and then waits for its confirmations. Without a chain the admin's hash marks it paid, as before.
     */
    async approve(adminId: string, id: string, txHash: string | undefined) {
      const current = await onChainPayoutsRepo.byId(db, id);
      if (!current) throw notFound('Withdrawal not found');
      // Only a withdrawal still to be paid is screened (a paid or rejected one answers as before).
      if (current.status === 'pending' || current.status === 'approved') await refuseIfSanctioned(current);
      if (onChain.paysOnChain(current)) {
        if (txHash === undefined) await onChain.approve(adminId, id);
        else if (!/^0x[0-9a-fA-F]{64}$/.test(txHash))
          throw badRequest('Invalid request', { txHash: 'Enter the 0x… hash of the payment (66 characters)' });
        else await onChain.acceptEvmPayment(adminId, id, txHash);
        return { paidBy: 'chain' as const, row: (await onChainPayoutsRepo.byId(db, id))! };
      }
      if (txHash === undefined)
        throw badRequest('Invalid request', { txHash: 'Enter the transaction hash of the payment' });
      await decide(adminId, id, 'paid', { txHash });
      return { paidBy: 'hand' as const, row: (await onChainPayoutsRepo.byId(db, id))! };
    },
    /** What the presenter needs to show an on-chain payment's progress. */
    progress: (heights: Map<string, number>) => ({
      chains: deps.config.operator.chains,
      heights,
      paysOnChain: onChain.paysOnChain,
      paysInBatch: onChain.paysInBatch,
    }),
    /** Rejects it: the amount goes back to the available balance. In `executor`'s transaction when given. */
    reject: (adminId: string, id: string, reason: string, executor: Db = db) =>
      decide(adminId, id, 'rejected', { reason }, executor),
  };
}
