import type { Knex } from 'knex';
import type { PlanInput } from '../../contracts/admin-plans';
import type { Db } from '../../db/connect';
import { activeInvestmentsPerPlanQuery } from '../investments/investment-tables.api';

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

/** A plan's columns as the admin desk's form gives them. */
const columns = (input: PlanInput) => ({
  name: input.name,
  names: JSON.stringify(input.names),
  amount_label: input.amountLabel,
  description: input.description,
  descriptions: JSON.stringify(input.descriptions),
  roi_basis_points: input.roiPercent,
  min_cents: input.minDeposit,
  max_cents: input.maxDeposit,
  duration_hours: input.durationHours,
  miner: input.miner,
  presets_cents: JSON.stringify(input.presets),
});

/** Every plan with its active investments and the money in them, for the admin desk. */
const withInvestments = (db: Db) =>
  inCatalogueOrder(db)
    .from('plans as p')
    .leftJoin(activeInvestmentsPerPlanQuery(db).as('i'), 'i.plan_id', 'p.id')
    .select<AdminPlanRow[]>(
      'p.*',
      db.raw('coalesce(i.active_investments, 0)::int as active_investments'),
      db.raw('coalesce(i.invested_cents, 0)::bigint as invested_cents'),
    );

export const plansRepo = {
  all: (db: Db) => inCatalogueOrder(db),
  allForUpdate: (trx: Knex.Transaction) => inCatalogueOrder(trx).forUpdate(),
  onSale: (db: Db) => inCatalogueOrder(db).where({ on_sale: true }),
  byId: (db: Db, id: number) => db<PlanRow>('plans').where({ id }).first(),
  byName: (db: Db, name: string) => db<PlanRow>('plans').whereRaw('lower(name) = lower(?)', [name.trim()]).first(),
  /** The plan a purchase is made on, read FOR SHARE: an edit committing meanwhile waits for the purchase. */
  byIdForShare: (trx: Knex.Transaction, id: number) => trx<PlanRow>('plans').where({ id }).forShare().first(),
  byIdForUpdate: (trx: Knex.Transaction, id: number) => trx<PlanRow>('plans').where({ id }).forUpdate().first(),
  namesByIds: async (db: Db, ids: number[]) =>
    new Map(
      (await db('plans').whereIn('id', ids).select<{ id: number; name: string }[]>('id', 'name')).map((plan) => [
        plan.id,
        plan.name,
      ]),
    ),
  /** Whether another plan than `exceptId` has this name, whatever the case. */
  nameTaken: async (db: Db, name: string, exceptId?: number) =>
    Boolean(
      await db('plans')
        .whereRaw('lower(name) = lower(?)', [name])
        .modify((query) => (exceptId === undefined ? query : query.whereNot({ id: exceptId })))
        .first('id'),
    ),
  /** A new plan, on sale, last in the order. */
  async insertLast(trx: Knex.Transaction, input: PlanInput) {
    const { last } = (await trx('plans').max('position as last').first()) as { last: number | null };
    const [plan] = await trx<PlanRow>('plans')
      .insert({ ...columns(input), position: (last ?? 0) + 1 } as never)
      .returning('*');
    return plan!;
  },
  async saveEdit(trx: Knex.Transaction, id: number, input: PlanInput, version: number) {
    const [plan] = await trx<PlanRow>('plans')
      .where({ id })
      .update({ ...columns(input), version } as never)
      .returning('*');
    return plan!;
  },
  async setOnSale(trx: Knex.Transaction, id: number, onSale: boolean, version: number) {
    const [plan] = await trx<PlanRow>('plans').where({ id }).update({ on_sale: onSale, version }).returning('*');
    return plan!;
  },
  setPosition: (trx: Knex.Transaction, id: number, position: number) => trx('plans').where({ id }).update({ position }),
  /** Keeps a plan's current terms under its version number, for purchases made on that version. */
  keepVersion: (trx: Knex.Transaction, plan: PlanRow, at: Date) =>
    trx('plan_versions').insert({
      plan_id: plan.id,
      version: plan.version,
      roi_basis_points: plan.roi_basis_points,
      min_cents: plan.min_cents,
      max_cents: plan.max_cents,
      duration_hours: plan.duration_hours,
      created_at: at,
    }),
  withInvestments,
  withInvestmentsById: async (db: Db, id: number) => (await withInvestments(db).where('p.id', id))[0],
  versionTerms: (db: Db, planId: number, version: number) =>
    db('plan_versions')
      .where({ plan_id: planId, version })
      .first<PlanTerms | undefined>('roi_basis_points', 'min_cents', 'max_cents', 'duration_hours'),
  /** The catalogue's change counter: /api/plans is re-read on every replica when it moves. */
  revision: async (db: Db) => Number((await db('plan_catalogue').first('revision'))!.revision),
  /** Moves the change counter on; its row lock also puts concurrent catalogue changes one after another. */
  bumpRevision: (trx: Knex.Transaction) => trx('plan_catalogue').increment('revision', 1),
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
