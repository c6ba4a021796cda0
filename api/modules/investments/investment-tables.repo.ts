import type { Db } from '../../db/connect';

/** Each plan's active investments and the money in them, to join beside the plans. */
export const activeInvestmentsPerPlanQuery = (executor: Db) =>
  executor('investments')
    .where({ status: 'active' })
    .groupBy('plan_id')
    .select(
      'plan_id',
      executor.raw('count(*)::int as active_investments'),
      executor.raw('coalesce(sum(amount_cents), 0)::bigint as invested_cents'),
    );
