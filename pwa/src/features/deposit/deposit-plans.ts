import type { Plan } from '../../../../api/contracts/plans';

export type { Plan };

/** The plan whose deposit range holds the amount (the ranges do not overlap), if any. */
export function planForAmount(plans: Plan[], amountCents: number): Plan | undefined {
  return plans.find(
    (plan) =>
      amountCents >= plan.minDeposit * 100 && (plan.maxDeposit === null || amountCents <= plan.maxDeposit * 100),
  );
}
