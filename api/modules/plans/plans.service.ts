import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import type { PlanInput, PlanUpdate } from '../../contracts/admin-plans';
import type { AuditAction } from '../../contracts/audit';
import type { Db } from '../../db/connect';
import { badRequest, conflict, gone, isUniqueViolation, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { auditedPlan, presentAdminPlan, presentPlan } from './plans.presenter';
import { plansRepo, sameTerms, type PlanRow } from './plans.repo';

export const noLongerOffered = 'This plan is no longer offered';
export const termsChanged = 'The terms of this plan have changed. Check the new terms and confirm again.';

/** 409 with the plan as it is now, so the page can show what changed (`{message, plan}`). */
export const planConflict = (message: string, plan: unknown, extra: Record<string, unknown> = {}) =>
  conflict(message, { plan, ...extra });

/** A plan's public page: 404 when there is no such plan, 410 once it is retired. */
export async function planOnSale(db: Db, id: number) {
  const plan = await plansRepo.byId(db, id);
  if (!plan) throw notFound('Plan not found');
  // A retired plan's old links say so rather than "not found": its investors may still follow them.
  if (!plan.on_sale) throw gone(noLongerOffered);
  return plan;
}

/**
 * The plan a purchase or a deposit names, refused unless it is on sale with the terms the investor's page showed
 * (`shownVersion`): a change of terms never reaches an investor who did not see it.
 */
export async function planAsShown(db: Db, plan: PlanRow, shownVersion: number | undefined) {
  if (!plan.on_sale) throw planConflict(noLongerOffered, presentPlan(plan), { retired: true });
  if (shownVersion === undefined || shownVersion === plan.version) return plan;
  const shown = await plansRepo.versionTerms(db, plan.id, shownVersion);
  if (!shown || !sameTerms(shown, plan)) throw planConflict(termsChanged, presentPlan(plan));
  return plan;
}

const nameTaken = () => badRequest('A plan with this name already exists', { name: 'Choose another name' });

/** Deposits name their plan case-insensitively (`planName` of /crytodeposit), so names differ beyond case. */
async function ensureNameFree(trx: Knex.Transaction, name: string, planId?: number) {
  if (await plansRepo.nameTaken(trx, name, planId)) throw nameTaken();
}

/** Every change to the catalogue: the admin desk's create, edit, retire, reactivate and order, each audited. */
export function createPlanService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  /**
   * Runs a change in a transaction that first bumps the catalogue's revision: the row lock puts concurrent
   * changes one after another, and every replica sees the new revision once the change commits.
   */
  async function change<T>(work: (trx: Knex.Transaction, at: Date) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (trx) => {
        await plansRepo.bumpRevision(trx);
        return work(trx, clock.now());
      });
    } catch (error) {
      if (isUniqueViolation(error, 'plans_name_unique')) throw nameTaken();
      throw error;
    }
  }

  const lockPlan = async (trx: Knex.Transaction, id: number) => {
    const plan = await plansRepo.byIdForUpdate(trx, id);
    if (!plan) throw notFound('Plan not found');
    return plan;
  };

  const adminView = async (trx: Db, id: number) => presentAdminPlan((await plansRepo.withInvestmentsById(trx, id))!);

  /** After a plan is written: keeps its terms as a version, audits the change, answers with the plan as admins see it. */
  const recordChange = async (
    trx: Knex.Transaction,
    at: Date,
    change: { actorId: string; action: Extract<AuditAction, `plan.${string}`>; after: PlanRow; before?: PlanRow },
  ) => {
    const { actorId, action, after, before } = change;
    await plansRepo.keepVersion(trx, after, at);
    await recordAudit(trx, {
      actorId,
      action,
      subjectType: 'plan',
      subjectId: String(after.id),
      before: before && auditedPlan(before),
      after: auditedPlan(after),
      at,
    });
    return adminView(trx, after.id);
  };

  /** Puts a plan on sale or takes it off; asking for the state it is already in changes nothing. */
  const setOnSale = (actorId: string, id: number, onSale: boolean) =>
    change(async (trx, at) => {
      const before = await lockPlan(trx, id);
      if (before.on_sale === onSale) return adminView(trx, id);
      const after = await plansRepo.setOnSale(trx, id, onSale, before.version + 1);
      return recordChange(trx, at, { actorId, action: onSale ? 'plan.reactivate' : 'plan.retire', after, before });
    });

  return {
    list: async () => (await plansRepo.withInvestments(db)).map(presentAdminPlan),

    /** A new plan, on sale, last in the order. */
    create: (actorId: string, input: PlanInput) =>
      change(async (trx, at) => {
        await ensureNameFree(trx, input.name);
        const plan = await plansRepo.insertLast(trx, input);
        return recordChange(trx, at, { actorId, action: 'plan.create', after: plan });
      }),

    /** Edits a plan at the version the admin's form was loaded at; 409 with the plan as it is now otherwise. */
    edit: (actorId: string, id: number, input: PlanUpdate) =>
      change(async (trx, at) => {
        const before = await lockPlan(trx, id);
        if (before.version !== input.version)
          throw planConflict(
            'Someone else changed this plan meanwhile. Check their change and edit again.',
            await adminView(trx, id),
          );
        await ensureNameFree(trx, input.name, id);
        const after = await plansRepo.saveEdit(trx, id, input, before.version + 1);
        return recordChange(trx, at, { actorId, action: 'plan.update', after, before });
      }),

    retire: (actorId: string, id: number) => setOnSale(actorId, id, false),
    reactivate: (actorId: string, id: number) => setOnSale(actorId, id, true),

    /** Puts the plans in the given order; the list must name every plan once. */
    order: (actorId: string, ids: number[]) =>
      change(async (trx, at) => {
        const plans = await plansRepo.allForUpdate(trx);
        const known = new Set(plans.map((plan) => plan.id));
        if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id)))
          throw badRequest('List every plan once, in the new order', { ids: 'List every plan once' });
        for (const [index, id] of ids.entries()) await plansRepo.setPosition(trx, id, index + 1);
        await recordAudit(trx, {
          actorId,
          action: 'plan.order',
          subjectType: 'plan',
          before: { ids: plans.map((plan) => plan.id) },
          after: { ids },
          at,
        });
        return (await plansRepo.withInvestments(trx)).map(presentAdminPlan);
      }),
  };
}
