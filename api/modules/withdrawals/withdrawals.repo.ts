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

  /** The admin's list, newest 500, each with its investor's e-mail and available balance. */
  forAdmin(db: Db, status?: string) {
    const query = db('withdrawals as w')
      .join('users as u', 'u.id', 'w.user_id')
      .leftJoin('ledger_accounts as a', (join) => join.on('a.owner_id', 'w.user_id').andOnVal('a.kind', 'available'))
      .select<AdminWithdrawalRow[]>('w.*', 'u.email as user_email', db.raw('coalesce(a.balance, 0) as available_cents'))
      .orderBy('w.created_at', 'desc')
      .limit(500);
    if (status) query.where('w.status', status);
    return query;
  },
};
