import { queryOptions } from '@tanstack/react-query';
import type { ChainStatus, QuotePaymentPart } from '../../../../../api/contracts/deposit-quotes';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/chains: each configured chain's watcher, refreshed while the page is open. */
export const chainsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chains'],
    queryFn: async () => (await apiGet<{ chains: ChainStatus[] }>('admin/chains')).chains,
    refetchInterval: 15_000,
  });

/** One payment the watchers saw, as GET /api/admin/chain-payments answers it (newest 200). */
export type AdminChainPayment = {
  id: string;
  chain: string;
  coin: string;
  txHash: string;
  index: number;
  user: { id: string; email: string };
  quoteId: string | null;
  coinAmount: string;
  status: 'seen' | 'confirming' | 'credited' | 'orphaned';
  confirmations: number;
  required: number;
  /** USD credited, or the estimate before credit; null while no rate is known. */
  amount: number | null;
  /** How `amount` is made up: coins at the quote's rate and coins beyond it at the rate when they arrived. */
  parts: QuotePaymentPart[];
  explorerUrl: string | null;
  firstSeenAt: string;
  creditedAt: string | null;
};

export const chainPaymentsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chain-payments'],
    queryFn: async () => (await apiGet<{ payments: AdminChainPayment[] }>('admin/chain-payments')).payments,
    refetchInterval: 15_000,
  });

/** Something the operator must look at, such as a credited payment a reorganisation dropped (never debited by itself). */
export type ChainIncident = {
  id: string;
  chain: string;
  kind: string;
  paymentId: string | null;
  details: unknown;
  createdAt: string;
  resolvedAt: string | null;
  /** The admin who closed it, and what they found and did. */
  resolvedBy: string | null;
  resolution: string | null;
};

export const chainIncidentsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'chain-incidents'],
    queryFn: async () => (await apiGet<{ incidents: ChainIncident[] }>('admin/chain-incidents')).incidents,
    refetchInterval: 15_000,
  });

/** POST /api/admin/chain-incidents/:id/resolve {resolution}: 409 when another admin closed it first. */
export const resolveChainIncident = (id: string, resolution: string) =>
  apiPost<{ incident: ChainIncident }>(`admin/chain-incidents/${encodeURIComponent(id)}/resolve`, { resolution });
