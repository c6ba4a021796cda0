import type { Knex } from 'knex';
import { expectedReturnCents } from '../../contracts/plans';
import { badRequest } from '../../lib/domain-errors';
import { lockAgainstErasure } from '../identity/identity.api';
import { postTransfer, type Transfer } from '../ledger/ledger.service';
import {
  isWithinPlan,
  planAsShown,
  planForPurchase,
  planNamesByIds,
  planRangeMessage,
  roiPercentage,
  type PlanRow,
} from '../plans/plans.api';
import { claimDueInvestments, insertInvestment, investmentsOf, investmentView, markMatured } from './investments.repo';
import { notify } from '../notifications/notifications.api';

const hourMs = 3_600_000;

interface StartInvestment {
  userId: string;
  /** The plan with the terms the investment is bought on (a deposit's: those of the version it was made under). */
  plan: Pick<PlanRow, 'id' | 'name' | 'roi_basis_points' | 'duration_hours'>;
  amountCents: number;
  depositId?: string;
  at: Date;
}

/** Records an investment whose principal already sits in the investor's `invested` account. */
export async function startInvestment(
  trx: Knex.Transaction,
  { userId, plan, amountCents, depositId, at }: StartInvestment,
) {
  const id = await insertInvestment(trx, {
    user_id: userId,
    plan_id: plan.id,
    amount_cents: amountCents,
    expected_return_cents: expectedReturnCents(amountCents, roiPercentage(plan)),
    deposit_id: depositId ?? null,
    starts_at: at,
    matures_at: new Date(at.getTime() + plan.duration_hours * hourMs),
  });
  await notify(trx, {
    userId,
    kind: 'plan.bought',
    params: { amountCents, plan: plan.name },
    link: '/asset',
    eventKey: `plan-bought:${id}`,
    at,
  });
  return id;
}

/** Every investment the investor holds or held, for their own list. */
export const investorInvestments = (db: Knex, userId: string) => investmentsOf(db, userId);

/**
 * Buys a plan from the available balance, on the terms the investor's page showed: 409 with the new terms when
 * the plan changed since (or was retired), 409 when the balance does not cover it. The plan row is read FOR SHARE
 * in the purchase's transaction, so an edit committing meanwhile waits for it and applies to later purchases.
 */
export async function buyPlan(
  db: Knex | Knex.Transaction,
  userId: string,
  { planId, planVersion, amount }: { planId: number; planVersion: number; amount: number },
  at: Date,
) {
  const id = await db.transaction(async (trx) => {
    await lockAgainstErasure(trx, userId);
    const found = await planForPurchase(trx, planId);
    if (!found) throw badRequest('Unknown plan', { planId: 'Choose one of the plans' });
    const plan = await planAsShown(trx, found, planVersion);
    if (!isWithinPlan(plan, amount)) throw badRequest(planRangeMessage(plan), { amount: planRangeMessage(plan) });
    const investmentId = await startInvestment(trx, { userId, plan, amountCents: amount, at });
    await postTransfer(trx, {
      idempotencyKey: `investment:${investmentId}`,
      kind: 'investment',
      subjectUserId: userId,
      actorId: userId,
      at,
      details: { investmentId, planId: plan.id },
      legs: [
        { account: { owner: userId, kind: 'available' }, amountCents: -amount },
        { account: { owner: userId, kind: 'invested' }, amountCents: amount },
      ],
    });
    return investmentId;
  });
  return (await investmentView(db, userId, id))!;
}

/**
 * Pays every investment due by `now`: principal from `invested` plus the return from the
 * system's returns account, into `available`. Rows are claimed with SKIP LOCKED and each payout
 * has a unique key, so any number of runners pay each investment once.
 */
export async function payMaturedInvestments(db: Knex, now: Date, batchSize = 100): Promise<number> {
  let paid = 0;
  for (;;) {
    const paidInBatch = await db.transaction(async (trx) => {
      const due = await claimDueInvestments(trx, now, batchSize);
      const planNames = await planNamesByIds(trx, [...new Set(due.map((investment) => investment.plan_id))]);
      for (const investment of due) {
        const principal = Number(investment.amount_cents);
        const profit = Number(investment.expected_return_cents) - principal;
        const legs: Transfer['legs'] = [
          { account: { owner: investment.user_id, kind: 'invested' }, amountCents: -principal },
          { account: { owner: investment.user_id, kind: 'available' }, amountCents: principal + profit },
        ];
        if (profit > 0) legs.push({ account: { system: 'returns_paid' }, amountCents: -profit });
        await postTransfer(trx, {
          idempotencyKey: `maturity:${investment.id}`,
          kind: 'maturity',
          subjectUserId: investment.user_id,
          at: investment.matures_at,
          details: { investmentId: investment.id },
          legs,
        });
        await markMatured(trx, investment.id, now);
        await notify(trx, {
          userId: investment.user_id,
          kind: 'plan.matured',
          params: { amountCents: principal + profit, plan: planNames.get(investment.plan_id) ?? '' },
          link: '/asset',
          eventKey: `plan-matured:${investment.id}`,
          at: now,
        });
      }
      return due.length;
    });
    paid += paidInBatch;
    if (paidInBatch < batchSize) return paid;
  }
}
