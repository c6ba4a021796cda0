import type { Knex } from 'knex';
import type { AdminListQuery } from '../../contracts/admin';
import type { Db } from '../../db/connect';
import { userContactsQuery } from '../identity/user-tables.api';
import { planNamesQuery } from '../plans/plan-tables.api';

export interface DepositRow {
  id: string;
  user_id: string;
  amount_cents: number;
  coin: string | null;
  plan_id: number | null;
  plan_version: number | null;
  receipt_file_id: string;
  status: 'pending' | 'confirmed' | 'rejected';
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
}

export interface ReceiptFile {
  data: Buffer;
  content_type: string;
}

export type DepositView = DepositRow & { plan_name: string | null };

const withPlan = (db: Db) =>
  db('deposits as d')
    .leftJoin(planNamesQuery(db).as('p'), 'p.id', 'd.plan_id')
    .select<DepositView[]>('d.*', 'p.name as plan_name');

export const depositsRepo = {
  async insertReceiptFile(
    trx: Knex.Transaction,
    file: {
      sha256: string;
      content_type: string;
      size_bytes: number;
      original_name: string | null;
      data: Buffer;
      created_at: Date;
    },
  ) {
    const [row] = await trx('receipt_files').insert(file).returning<{ id: string }[]>('id');
    return row!.id;
  },

  async create(
    trx: Knex.Transaction,
    deposit: Pick<
      DepositRow,
      'user_id' | 'amount_cents' | 'coin' | 'plan_id' | 'plan_version' | 'receipt_file_id' | 'created_at'
    >,
  ) {
    const [row] = await trx<DepositRow>('deposits').insert(deposit).returning('id');
    return row!.id;
  },

  async decide(
    trx: Knex.Transaction,
    id: string,
    decision: Pick<DepositRow, 'status' | 'decided_by' | 'decided_at'> & Partial<Pick<DepositRow, 'reject_reason'>>,
  ) {
    await trx('deposits').where({ id }).update(decision);
  },

  byIdForUpdate: (db: Db, id: string) => db<DepositRow>('deposits').where({ id }).forUpdate().first(),
  viewById: async (db: Db, id: string) => (await withPlan(db).where('d.id', id))[0],
  forUser: (db: Db, userId: string) => withPlan(db).where('d.user_id', userId).orderBy('d.created_at', 'desc'),

  /**
   * One page of receipts for the admin, each with the earliest earlier deposit that used the same file bytes,
   * and how many match the filter. Ties in the sort fall back to newest first, so pages never overlap.
   */
  async forAdmin(db: Db, { status, page, pageSize, sort, order }: AdminListQuery) {
    const filtered = db('deposits as d').modify((query) => {
      if (status) query.where('d.status', status);
    });
    const [{ total }] = (await filtered.clone().count<{ total: number }[]>('* as total')) as [{ total: number }];
    const rows = await filtered
      .clone()
      .join(userContactsQuery(db).as('u'), 'u.id', 'd.user_id')
      .join('receipt_files as f', 'f.id', 'd.receipt_file_id')
      .leftJoin(planNamesQuery(db).as('p'), 'p.id', 'd.plan_id')
      .select(
        'd.*',
        'u.email as user_email',
        'p.name as plan_name',
        db.raw(`(select d2.id from deposits d2 join receipt_files f2 on f2.id = d2.receipt_file_id
                 where f2.sha256 = f.sha256 and (d2.created_at, d2.id) < (d.created_at, d.id) order by d2.created_at, d2.id limit 1) as duplicate_of`),
      )
      .orderBy([
        ...(sort === 'amount' ? [{ column: 'd.amount_cents', order }] : []),
        { column: 'd.created_at', order: sort === 'date' ? order : 'desc' },
        { column: 'd.id', order: sort === 'date' ? order : 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      total: Number(total),
      rows: rows as Array<DepositView & { user_email: string; duplicate_of: string | null }>,
    };
  },

  /** The receipt file of a deposit, to send back to an admin. */
  receiptFileOf: (db: Db, depositId: string) =>
    db('deposits as d')
      .join('receipt_files as f', 'f.id', 'd.receipt_file_id')
      .where('d.id', depositId)
      .first<ReceiptFile | undefined>('f.data', 'f.content_type'),
};
