import type { AdminListQuery } from '../../contracts/admin';
import type { Db } from '../../db/connect';

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
}

export type AdminWithdrawalRow = WithdrawalRow & { user_email: string; available_cents: number | string };

export const withdrawalsRepo = {
  forUser: (db: Db, userId: string) =>
    db<WithdrawalRow>('withdrawals').where({ user_id: userId }).orderBy('created_at', 'desc'),

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
      .join('users as u', 'u.id', 'w.user_id')
      .leftJoin('ledger_accounts as a', (join) => join.on('a.owner_id', 'w.user_id').andOnVal('a.kind', 'available'))
      .select<AdminWithdrawalRow[]>('w.*', 'u.email as user_email', db.raw('coalesce(a.balance, 0) as available_cents'))
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
