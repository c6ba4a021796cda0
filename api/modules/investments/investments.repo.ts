import type { Db } from '../../db/connect';

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
    .join('plans as p', 'p.id', 'i.plan_id')
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
