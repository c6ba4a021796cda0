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
  on_sale: boolean;
  position: number;
  version: number;
  amount_label: string;
  description: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
}

/** The terms an investment is bought on; a plan version's terms never change once written. */
export type PlanTerms = Pick<PlanRow, 'roi_basis_points' | 'min_cents' | 'max_cents' | 'duration_hours'>;

export type AdminPlanRow = PlanRow & { active_investments: number; invested_cents: number };

const inCatalogueOrder = (db: Db) => db<PlanRow>('plans').orderBy([{ column: 'position' }, { column: 'id' }]);

export const plansRepo = {
  all: (db: Db) => inCatalogueOrder(db),
  onSale: (db: Db) => inCatalogueOrder(db).where({ on_sale: true }),
  byId: (db: Db, id: number) => db<PlanRow>('plans').where({ id }).first(),
  byName: (db: Db, name: string) => db<PlanRow>('plans').whereRaw('lower(name) = lower(?)', [name.trim()]).first(),
  /** Every plan with its active investments and the money in them, for the admin desk. */
  withInvestments: (db: Db) =>
    inCatalogueOrder(db)
      .from('plans as p')
      .select<AdminPlanRow[]>(
        'p.*',
        db.raw(`(select count(*)::int from investments i where i.plan_id = p.id and i.status = 'active')
          as active_investments`),
        db.raw(`(select coalesce(sum(i.amount_cents), 0)::bigint from investments i
          where i.plan_id = p.id and i.status = 'active') as invested_cents`),
      ),
  versionTerms: (db: Db, planId: number, version: number) =>
    db('plan_versions')
      .where({ plan_id: planId, version })
      .first<PlanTerms | undefined>('roi_basis_points', 'min_cents', 'max_cents', 'duration_hours'),
  /** The catalogue's change counter: /api/plans is re-read on every replica when it moves. */
  revision: async (db: Db) => Number((await db('plan_catalogue').first('revision'))!.revision),
};

export const roiPercentage = (plan: Pick<PlanRow, 'roi_basis_points'>) => plan.roi_basis_points / 100;

export const sameTerms = (a: PlanTerms, b: PlanTerms) =>
  a.roi_basis_points === b.roi_basis_points &&
  Number(a.min_cents) === Number(b.min_cents) &&
  (a.max_cents === null ? null : Number(a.max_cents)) === (b.max_cents === null ? null : Number(b.max_cents)) &&
  a.duration_hours === b.duration_hours;

export const isWithinPlan = (plan: PlanRow, cents: number) =>
  cents >= Number(plan.min_cents) && (plan.max_cents === null || cents <= Number(plan.max_cents));

export const planRangeMessage = (plan: PlanRow) =>
  plan.max_cents === null
    ? `The ${plan.name} plan starts at $${Number(plan.min_cents) / 100}`
    : `The ${plan.name} plan takes between $${Number(plan.min_cents) / 100} and $${Number(plan.max_cents) / 100}`;
