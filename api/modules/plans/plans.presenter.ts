import { centsToDollars } from '../../contracts/money';
import { roiPercentage, type PlanRow } from './plans.repo';

export function presentPlan(plan: PlanRow) {
  return {
    id: plan.id,
    name: plan.name,
    roiPercentage: roiPercentage(plan),
    minDeposit: centsToDollars(Number(plan.min_cents)),
    maxDeposit: plan.max_cents === null ? null : centsToDollars(Number(plan.max_cents)),
    durationHours: plan.duration_hours,
    miner: plan.miner,
    presets: plan.presets_cents.map((cents) => centsToDollars(Number(cents))),
  };
}
