import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundHold } from '../../../../../api/contracts/kyc-limits';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

const fetchFundHolds = () => apiGet<{ holds: FundHold[] }>('fund-holds');

/** GET /api/fund-holds: the investor's held deposits, released ones included; under the investor key. */
export const fundHoldsQuery = () =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'fund-holds'],
    queryFn: fetchFundHolds,
  });

export const useFundHolds = (enabled: boolean) => useQuery({ ...fundHoldsQuery(), enabled });
