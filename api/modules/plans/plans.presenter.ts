import type { AdminPlan, Plan } from '../../contracts/plans';
import { centsToDollars } from '../../contracts/money';
import { roiPercentage, type AdminPlanRow, type PlanRow } from './plans.repo';

const maxDollars = (plan: PlanRow) => (plan.max_cents === null ? null : centsToDollars(Number(plan.max_cents)));
const presetDollars = (plan: PlanRow) => plan.presets_cents.map((cents) => centsToDollars(Number(cents)));

/** What investors and admins alike see of a plan: its name, texts and terms, amounts in dollars. */
function planTerms(plan: PlanRow) {
  return {
    id: plan.id,
    name: plan.name,
    names: plan.names,
    amountLabel: plan.amount_label,
    description: plan.description,
    descriptions: plan.descriptions,
    minDeposit: centsToDollars(Number(plan.min_cents)),
    maxDeposit: maxDollars(plan),
    durationHours: plan.duration_hours,
    miner: plan.miner,
    presets: presetDollars(plan),
    version: plan.version,
  };
}

export function presentPlan(plan: PlanRow): Plan {
  return { ...planTerms(plan), roiPercentage: roiPercentage(plan) };
}

export function presentAdminPlan(plan: AdminPlanRow): AdminPlan {
  return {
    ...planTerms(plan),
    roiPercent: roiPercentage(plan),
    onSale: plan.on_sale,
    position: plan.position,
    activeInvestments: Number(plan.active_investments),
    investedAmount: centsToDollars(Number(plan.invested_cents)),
  };
}

/** What the audit log keeps of a plan before and after a change: its fields as stored, amounts in cents. */
export function auditedPlan(plan: PlanRow) {
  return {
    name: plan.name,
    names: plan.names,
    amountLabel: plan.amount_label,
    description: plan.description,
    descriptions: plan.descriptions,
    roiBasisPoints: plan.roi_basis_points,
    minCents: Number(plan.min_cents),
    maxCents: plan.max_cents === null ? null : Number(plan.max_cents),
    durationHours: plan.duration_hours,
    miner: plan.miner,
    presetsCents: plan.presets_cents.map(Number),
    onSale: plan.on_sale,
    position: plan.position,
    version: plan.version,
  };
}
