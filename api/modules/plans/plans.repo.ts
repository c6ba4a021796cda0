import type { Db } from '../../db/connect';

export interface PlanRow {
  id: number;
  name: string;
  roi_basis_points: number;
  min_cents: number;
  max_cents: number | null;
  duration_hours: number;
  miner: boolean;
  presets_cents: number[];
}

export const plansRepo = {
  all: (db: Db) => db<PlanRow>('plans').orderBy('id'),
  byId: (db: Db, id: number) => db<PlanRow>('plans').where({ id }).first(),
  byName: (db: Db, name: string) => db<PlanRow>('plans').whereRaw('lower(name) = lower(?)', [name.trim()]).first(),
};

export const roiPercentage = (plan: PlanRow) => plan.roi_basis_points / 100;

export const isWithinPlan = (plan: PlanRow, cents: number) =>
  cents >= Number(plan.min_cents) && (plan.max_cents === null || cents <= Number(plan.max_cents));

export const planRangeMessage = (plan: PlanRow) =>
  plan.max_cents === null
    ? `The ${plan.name} plan starts at $${Number(plan.min_cents) / 100}`
    : `The ${plan.name} plan takes between $${Number(plan.min_cents) / 100} and $${Number(plan.max_cents) / 100}`;
