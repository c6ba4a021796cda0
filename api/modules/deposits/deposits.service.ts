import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { AdminListQuery } from '../../contracts/admin';
import type { Db } from '../../db/connect';
import { badRequest, conflict, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { findUserById, lockAgainstErasure } from '../identity/identity.api';
import { startInvestment } from '../investments/investments.service';
import { markOperatorNoticesDone, notify, notifyOperators } from '../notifications/notifications.api';
import { postTransfer } from '../ledger/ledger.service';
import {
  isWithinPlan,
  planById,
  planByName,
  planRangeMessage,
  planVersionTerms,
  type PlanRow,
} from '../plans/plans.api';
import { planAsShown } from '../plans/plans.service';
import { payReferralBonus } from '../referrals/referrals.service';
import { holdDepositIfNeeded } from '../kyc/kyc-limits.service';
import { depositsRepo, type DepositRow } from './deposits.repo';
import type { CheckedReceipt } from './receipt-file';

export interface NewDeposit {
  userId: string;
  amountCents: number;
  coin?: string;
  planId?: number;
  planName?: string;
  planVersion?: number;
  receipt: CheckedReceipt;
  originalName?: string | null;
}

/** The plan a deposit names, on sale and with the terms its page showed (`planAsShown`). */
async function resolvePlan(db: Db, { planId, planName, planVersion }: NewDeposit): Promise<PlanRow | undefined> {
  if (planId === undefined && !planName) return undefined;
  const plan = planId !== undefined ? await planById(db, planId) : await planByName(db, planName!);
  if (!plan) throw badRequest('Unknown plan', { planId: 'Choose one of the plans' });
  return planAsShown(db, plan, planVersion);
}

/**
 * The plan a confirmed deposit starts, on the terms of the version it was made under: a plan edited or retired
 * while the receipt waited does not change what the investor paid for.
 */
async function planAsDeposited(db: Db, deposit: DepositRow) {
  if (deposit.plan_id === null) return undefined;
  const plan = (await planById(db, deposit.plan_id))!;
  if (deposit.plan_version === null) return plan;
  const terms = await planVersionTerms(db, deposit.plan_id, deposit.plan_version);
  return terms ? { ...plan, ...terms } : plan;
}

export function createDepositService({ db, clock, config }: AppDeps) {
  return {
    /** The investor's deposits with their plan's name, newest first. */
    listOf: (userId: string) => depositsRepo.forUser(db, userId),

    adminPage: (query: AdminListQuery) => depositsRepo.forAdmin(db, query),

    /** A receipt's file, for an admin. */
    async receiptFile(id: string) {
      const file = await depositsRepo.receiptFileOf(db, id);
      if (!file) throw notFound('Receipt not found');
      return file;
    },

    /**
     * Records a new pending deposit. Replays are answered by the route's `idempotentTransaction`, which passes its
     * transaction here, so the deposit and the key's stored answer commit together or not at all.
     */
    async create(input: NewDeposit, executor: Knex.Transaction) {
      await lockAgainstErasure(executor, input.userId);
      const plan = await resolvePlan(executor, input);
      if (plan && !isWithinPlan(plan, input.amountCents))
        throw badRequest(planRangeMessage(plan), { amount: planRangeMessage(plan) });
      const id = await executor.transaction(async (trx) => {
        const now = clock.now();
        const fileId = await depositsRepo.insertReceiptFile(trx, {
          sha256: input.receipt.sha256,
          content_type: input.receipt.contentType,
          size_bytes: input.receipt.bytes.length,
          original_name: input.originalName?.slice(0, 200) ?? null,
          data: input.receipt.bytes,
          created_at: now,
        });
        const depositId = await depositsRepo.create(trx, {
          user_id: input.userId,
          amount_cents: input.amountCents,
          coin: input.coin ?? null,
          plan_id: plan?.id ?? null,
          plan_version: plan?.version ?? null,
          receipt_file_id: fileId,
          created_at: now,
        });
        const investor = await findUserById(trx, input.userId);
        await notifyOperators(trx, {
          kind: 'operator.receipt',
          params: { amountCents: input.amountCents, coin: input.coin ?? null, email: investor!.email },
          link: '/receipts',
          eventKey: `receipt-waiting:${depositId}`,
          at: now,
        });
        return depositId;
      });
      return (await depositsRepo.viewById(executor, id))!;
    },

    /** Credits the investor exactly once: the row lock makes racing confirms wait, then see it decided. */
    async confirm(adminId: string, depositId: string) {
      await db.transaction(async (trx) => {
        const deposit = await lockPending(trx, depositId);
        const now = clock.now();
        await depositsRepo.decide(trx, deposit.id, { status: 'confirmed', decided_by: adminId, decided_at: now });
        // Above the investor's 30-day deposit limit the money is credited but held (no plan starts with it).
        const held = await holdDepositIfNeeded(
          trx,
          { clock, config },
          {
            userId: deposit.user_id,
            amountCents: deposit.amount_cents,
            depositKey: `deposit:${deposit.id}`,
            at: now,
          },
        );
        const plan = held ? undefined : await planAsDeposited(trx, deposit);
        await postTransfer(trx, {
          idempotencyKey: `deposit:${deposit.id}`,
          kind: 'deposit',
          subjectUserId: deposit.user_id,
          actorId: adminId,
          at: now,
          details: { depositId: deposit.id, planId: plan?.id ?? null },
          legs: [
            { account: { system: 'deposits_received' }, amountCents: -deposit.amount_cents },
            {
              account: { owner: deposit.user_id, kind: held ? 'held' : plan ? 'invested' : 'available' },
              amountCents: deposit.amount_cents,
            },
          ],
        });
        if (plan)
          await startInvestment(trx, {
            userId: deposit.user_id,
            plan,
            amountCents: deposit.amount_cents,
            depositId: deposit.id,
            at: now,
          });
        await payReferralBonus(trx, deposit, config.operator.referralBonusRate, now);
        await markOperatorNoticesDone(trx, `receipt-waiting:${deposit.id}`, now);
        // A held deposit's investor is told by its deposit.held notice instead.
        if (!held)
          await notify(trx, {
            userId: deposit.user_id,
            kind: 'deposit.confirmed',
            params: { amountCents: Number(deposit.amount_cents), coin: deposit.coin },
            link: '/transaction?tab=deposit',
            eventKey: `deposit-confirmed:${deposit.id}`,
            at: now,
          });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'receipt.confirm',
          subjectType: 'deposit',
          subjectId: deposit.id,
          before: { status: 'pending' },
          after: { status: 'confirmed', amountCents: deposit.amount_cents },
          at: now,
        });
      });
    },

    async reject(adminId: string, depositId: string, reason: string) {
      await db.transaction(async (trx) => {
        const deposit = await lockPending(trx, depositId);
        const now = clock.now();
        await depositsRepo.decide(trx, deposit.id, {
          status: 'rejected',
          reject_reason: reason,
          decided_by: adminId,
          decided_at: now,
        });
        await markOperatorNoticesDone(trx, `receipt-waiting:${deposit.id}`, now);
        await notify(trx, {
          userId: deposit.user_id,
          kind: 'deposit.rejected',
          params: { amountCents: Number(deposit.amount_cents), coin: deposit.coin, reason },
          link: '/transaction?tab=deposit',
          eventKey: `deposit-rejected:${deposit.id}`,
          at: now,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'receipt.reject',
          subjectType: 'deposit',
          subjectId: deposit.id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason },
          at: now,
        });
      });
    },
  };
}

async function lockPending(trx: Knex.Transaction, depositId: string) {
  const deposit = await depositsRepo.byIdForUpdate(trx, depositId);
  if (!deposit) throw notFound('Receipt not found');
  if (deposit.status !== 'pending') throw conflict(`Receipt already ${deposit.status}`);
  return { ...deposit, amount_cents: Number(deposit.amount_cents) };
}
