import type { Knex } from 'knex';
import type { AdminListQuery } from '../../contracts/admin';
import type { Db } from '../../db/connect';
import { availableBalancesQuery } from '../ledger/ledger.api';
import { userContactsQuery } from '../identity/user-tables.api';

export interface WithdrawalRow {
  id: string;
  user_id: string;
  amount_cents: number;
  method: string;
  address: string;
  status: string;
  tx_hash: string | null;
  reject_reason: string | null;
  created_at: Date;
  /** Set when paid on a configured chain: the coin amount fixed at approval and where the payment sits. */
  chain?: string | null;
  coin?: string | null;
  coin_units?: string | null;
  coin_decimals?: number | null;
  rate?: string | null;
  payout_block_height?: string | number | null;
}

export type AdminWithdrawalRow = WithdrawalRow & { user_email: string; available_cents: number | string };

export const withdrawalsRepo = {
  /**
   * Withdrawals not yet sent (requested or approved) of `method` whose address is in `listed` (a subquery of
   * addresses as the chain compares them), for the sanctions screening of a new list.
   */
  openTo: (executor: Db, method: string, listed: Knex.QueryBuilder) =>
    executor<WithdrawalRow>('withdrawals')
      .where({ method })
      .whereIn('status', ['pending', 'approved'])
      .where((query) =>
        query
          .whereIn('address', listed.clone())
          .orWhereIn(executor.raw('lower(address)') as unknown as string, listed.clone()),
      )
      .select('id', 'user_id', 'address'),

  forUser: (db: Db, userId: string) =>
    db<WithdrawalRow>('withdrawals').where({ user_id: userId }).orderBy('created_at', 'desc'),

  async create(
    trx: Knex.Transaction,
    withdrawal: Pick<WithdrawalRow, 'user_id' | 'amount_cents' | 'method' | 'address'> & {
      created_at: Date;
    },
  ) {
    const [row] = await trx<WithdrawalRow>('withdrawals').insert(withdrawal).returning('*');
    return row!;
  },

  byIdForUpdate: (trx: Knex.Transaction, id: string) =>
    trx<WithdrawalRow>('withdrawals').where({ id }).forUpdate().first(),

  async decide(
    trx: Knex.Transaction,
    id: string,
    decision: Pick<WithdrawalRow, 'status' | 'tx_hash' | 'reject_reason'> & { decided_by: string; decided_at: Date },
  ) {
    await trx('withdrawals').where({ id }).update(decision);
  },

  /**
   * One page of the admin's list, each with its investor's e-mail and available balance, and how many match
   * the filter. Ties in the sort fall back to newest first, so pages never overlap.
   */
  async forAdmin(db: Db, { status, page, pageSize, sort, order }: AdminListQuery) {
    const filtered = db('withdrawals as w').modify((query) => {
      if (status) query.where('w.status', status);
    });
    const [{ total }] = (await filtered.clone().count<{ total: number }[]>('* as total')) as [{ total: number }];
    const rows = await filtered
      .clone()
      .join(userContactsQuery(db).as('u'), 'u.id', 'w.user_id')
      .leftJoin(availableBalancesQuery(db).as('a'), 'a.user_id', 'w.user_id')
      .select<AdminWithdrawalRow[]>(
        'w.*',
        'u.email as user_email',
        db.raw('coalesce(a.available_cents, 0) as available_cents'),
      )
      .orderBy([
        ...(sort === 'amount' ? [{ column: 'w.amount_cents', order }] : []),
        { column: 'w.created_at', order: sort === 'date' ? order : 'desc' },
        { column: 'w.id', order: sort === 'date' ? order : 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { total: Number(total), rows };
  },
};
