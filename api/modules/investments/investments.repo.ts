import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { planNamesQuery } from '../plans/plan-tables.api';

export interface InvestmentView {
  id: string;
  plan_name: string;
  amount_cents: number;
  expected_return_cents: number;
  status: string;
  starts_at: Date;
  matures_at: Date;
}

/** An investor's investments with their plan's name, newest first. */
export const investmentsOf = (db: Db, userId: string) =>
  db('investments as i')
    .join(planNamesQuery(db).as('p'), 'p.id', 'i.plan_id')
    .where('i.user_id', userId)
    .orderBy('i.starts_at', 'desc')
    .select<InvestmentView[]>(
      'i.id',
      'p.name as plan_name',
      'i.amount_cents',
      'i.expected_return_cents',
      'i.status',
      'i.starts_at',
      'i.matures_at',
    );

export const investmentView = async (db: Db, userId: string, id: string) =>
  (await investmentsOf(db, userId).where('i.id', id))[0];

export interface NewInvestment {
  user_id: string;
  plan_id: number;
  amount_cents: number;
  expected_return_cents: number;
  deposit_id: string | null;
  starts_at: Date;
  matures_at: Date;
}

export async function insertInvestment(trx: Knex.Transaction, investment: NewInvestment) {
  const [row] = await trx('investments').insert(investment).returning<{ id: string }[]>('id');
  return row!.id;
}

export interface DueInvestment {
  id: string;
  user_id: string;
  plan_id: number;
  amount_cents: number;
  expected_return_cents: number;
  matures_at: Date;
}

/** Up to `limit` active investments due by `now`, oldest first, locked; rows another runner holds are skipped. */
export const claimDueInvestments = (trx: Knex.Transaction, now: Date, limit: number) =>
  trx('investments')
    .where({ status: 'active' })
    .where('matures_at', '<=', now)
    .orderBy('matures_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select<DueInvestment[]>('id', 'user_id', 'plan_id', 'amount_cents', 'expected_return_cents', 'matures_at');

export const markMatured = (trx: Knex.Transaction, id: string, at: Date) =>
  trx('investments').where({ id }).update({ status: 'matured', matured_at: at });
