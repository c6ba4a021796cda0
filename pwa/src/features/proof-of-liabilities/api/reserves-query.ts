import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type ReserveAddress = {
  chain: string;
  coin: string;
  address: string;
  /** In coins, e.g. "0.5"; null when the node could not be read. */
  balance: string | null;
  /** In dollars at the live rate; null without a balance or a rate. */
  value: number | null;
};

export type Reserves = {
  configured: boolean;
  addresses: ReserveAddress[];
  total: number | null;
  liabilities: number | null;
  ratio: number | null;
  snapshotId: number | null;
  asOf: string;
};

/** GET /api/proof-of-liabilities/reserves: the deposit addresses' on-chain balances beside the liabilities. */
export const reservesQuery = () =>
  queryOptions({
    queryKey: ['liability-reserves'],
    queryFn: () => apiGet<Reserves>('proof-of-liabilities/reserves'),
  });

export const useReserves = () => useQuery(reservesQuery());
