import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ReserveAddress, Reserves } from '../../../../../api/contracts/answers';

export type { ReserveAddress, Reserves };

/** GET /api/proof-of-liabilities/reserves: the deposit addresses' on-chain balances beside the liabilities. */
export const reservesQuery = () =>
  queryOptions({
    queryKey: ['liability-reserves'],
    queryFn: () => apiGet<Reserves>('proof-of-liabilities/reserves'),
  });

export const useReserves = () => useQuery(reservesQuery());
