import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainStatus } from '../../../../../api/contracts/deposit-quotes';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { AdminChainPayment, ChainIncident } from '../../../../../api/contracts/answers';

export type { AdminChainPayment, ChainIncident };

/** GET /api/admin/chains: each configured chain's watcher, refreshed while the page is open. */
export const chainsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chains'],
    queryFn: async () => (await apiGet<{ chains: ChainStatus[] }>('admin/chains')).chains,
    refetchInterval: 15_000,
  });

export const useChains = () => useQuery(chainsQuery());

/** GET /api/admin/chain-payments: the newest 200 payments the watchers saw. */
export const chainPaymentsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chain-payments'],
    queryFn: async () => (await apiGet<{ payments: AdminChainPayment[] }>('admin/chain-payments')).payments,
    refetchInterval: 15_000,
  });

export const useChainPayments = () => useQuery(chainPaymentsQuery());

/** GET /api/admin/chain-incidents: the open ones first. */
export const chainIncidentsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chain-incidents'],
    queryFn: async () => (await apiGet<{ incidents: ChainIncident[] }>('admin/chain-incidents')).incidents,
    refetchInterval: 15_000,
  });

export const useChainIncidents = () => useQuery(chainIncidentsQuery());

/** POST /api/admin/chain-incidents/:id/resolve {resolution}: 409 when another admin closed it first. */
export const resolveChainIncident = (id: string, resolution: string) =>
  apiPost<{ incident: ChainIncident }>(`admin/chain-incidents/${encodeURIComponent(id)}/resolve`, { resolution });
