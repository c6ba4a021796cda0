// What other modules use of withdrawals: one as the investor and the admin desk see it.
import type { Knex } from 'knex';
import { payoutKindOfMethod, withdrawalMethods } from '../../contracts/investments';
import type { Db } from '../../db/connect';
import { withdrawalsRepo } from './withdrawals.repo';

export { presentWithdrawal } from './withdrawals.presenter';

/** Requested or approved withdrawals to a payout coin's addresses in `listed` (sanctions screening of a new list). */
export async function openWithdrawalsListed(executor: Db, coin: string, listed: Knex.QueryBuilder) {
  const method = withdrawalMethods.find((name) => payoutKindOfMethod[name] === coin);
  if (!method) return [];
  const rows = await withdrawalsRepo.openTo(executor, method, listed);
  return rows.map((row) => ({ id: row.id, userId: row.user_id, address: row.address }));
}
