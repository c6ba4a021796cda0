import { queryOptions } from '@tanstack/react-query';
import type { Withdrawal } from '../../../../../api/contracts/answers';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

/**
 * GET /api/withdrawals: the investor's withdrawals with their on-chain steps (coin amount, transaction,
 * confirmations), by id, for the history's withdrawal tab, whose rows carry only the amount and status.
 */
export const withdrawalStepsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'withdrawal-steps'],
    queryFn: async () => {
      const { withdrawals } = await apiGet<{ withdrawals: Withdrawal[] }>('withdrawals');
      return new Map(withdrawals.map((withdrawal) => [withdrawal.id, withdrawal]));
    },
  });
