import type { Knex } from 'knex';
import { expectedReturnCents } from '../../contracts/plans';
import { badRequest } from '../../lib/errors';
import { postTransfer, type Transfer } from '../ledger/ledger.service';
import { isWithinPlan, planRangeMessage, plansRepo, roiPercentage, type PlanRow } from '../plans/plans.repo';
import { investmentsOf } from './investments.repo';
import { notify } from '../notifications/notify';

const hourMs = 3_600_000;

interface StartInvestment {
  userId: string;
  plan: PlanRow;
  amountCents: number;
  depositId?: string;
  at: Date;
}

/** Records an investment whose principal already sits in the investor's `invested` account. */
export async function startInvestment(
  trx: Knex.Transaction,
  { userId, plan, amountCents, depositId, at }: StartInvestment,
) {
  const [row] = await trx('investments')
    .insert({
      user_id: userId,
      plan_id: plan.id,
      amount_cents: amountCents,
      expected_return_cents: expectedReturnCents(amountCents, roiPercentage(plan)),
      deposit_id: depositId ?? null,
      starts_at: at,
      matures_at: new Date(at.getTime() + plan.duration_hours * hourMs),
    })
    .returning<{ id: string }[]>('id');
  await notify(trx, {
    userId,
    kind: 'plan.bought',
    params: { amountCents, plan: plan.name },
    link: '/asset',
    eventKey: `plan-bought:${row!.id}`,
    at,
  });
  return row!.id;
}

/** Buys a plan from the available balance; 409 when the balance does not cover it. */
export async function buyFromBalance(db: Knex, userId: string, plan: PlanRow, amountCents: number, at: Date) {
  if (!isWithinPlan(plan, amountCents)) throw badRequest(planRangeMessage(plan), { amount: planRangeMessage(plan) });
  return db.transaction(async (trx) => {
    const investmentId = await startInvestment(trx, { userId, plan, amountCents, at });
    await postTransfer(trx, {
      idempotencyKey: `investment:${investmentId}`,
      kind: 'investment',
      subjectUserId: userId,
      actorId: userId,
      at,
      details: { investmentId, planId: plan.id },
      legs: [
        { account: { owner: userId, kind: 'available' }, amountCents: -amountCents },
        { account: { owner: userId, kind: 'invested' }, amountCents },
      ],
    });
    return investmentId;
  });
}

/** Buys the plan named by id from the available balance; answers the new investment as the investor sees it. */
export async function buyPlan(db: Knex, userId: string, planId: number, amountCents: number, at: Date) {
  const plan = await plansRepo.byId(db, planId);
  if (!plan) throw badRequest('Unknown plan', { planId: 'Choose one of the plans' });
  const id = await buyFromBalance(db, userId, plan, amountCents, at);
  return (await investmentsOf(db, userId).where('i.id', id))[0]!;
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
      const due = await trx('investments')
        .where({ status: 'active' })
        .where('matures_at', '<=', now)
        .orderBy('matures_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .select<
          {
            id: string;
            user_id: string;
            plan_id: number;
            amount_cents: number;
            expected_return_cents: number;
            matures_at: Date;
          }[]
        >('id', 'user_id', 'plan_id', 'amount_cents', 'expected_return_cents', 'matures_at');
      const planNames = new Map(
        (
          await trx('plans')
            .whereIn('id', [...new Set(due.map((investment) => investment.plan_id))])
            .select<{ id: number; name: string }[]>('id', 'name')
        ).map((plan) => [plan.id, plan.name]),
      );
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
        await trx('investments').where({ id: investment.id }).update({ status: 'matured', matured_at: now });
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
