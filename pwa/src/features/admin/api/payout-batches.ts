import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWithdrawal, PayoutBatch, PayoutBatchPreview } from '../../../../../api/contracts/answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys, invalidateAdminData } from './admin-keys';
import { listParams } from './list-order';
import type { AdminWithdrawalsPage } from './withdrawals';

export type { PayoutBatch, PayoutBatchPreview };

const batchesKey = [...adminKeys.all, 'payout-batches'] as const;
const batchPath = (id: string, action = '') => `admin/payout-batches/${encodeURIComponent(id)}${action}`;

/** GET /api/admin/payout-batches?chain=: the chain's batches, newest first; confirmations move while the page is open. */
export const payoutBatchesQuery = (chain: string) =>
  queryOptions({
    queryKey: [...batchesKey, chain],
    queryFn: async () =>
      (await apiGet<{ batches: PayoutBatch[] }>('admin/payout-batches', { searchParams: { chain } })).batches,
    refetchInterval: 15_000,
  });

export const usePayoutBatches = (chain: string) => useQuery(payoutBatchesQuery(chain));

/** Where the browser downloads the unsigned PSBT as a binary file (the session cookie authenticates it). */
export const psbtFileUrl = (id: string) => `/api/${batchPath(id, '/psbt')}`;

/**
 * Every approved withdrawal waiting for a batch, oldest first, all pages of GET /api/admin/withdrawals?status=approved
 * (at most 100 a page): a batch pays what the admin ticked, so none may hide on a second page.
 */
export const approvedWithdrawalsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.withdrawals, 'approved', 'every-page'],
    queryFn: async () => {
      const rows: AdminWithdrawal[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await apiGet<AdminWithdrawalsPage>('admin/withdrawals', {
          searchParams: listParams('approved', page, 100, 'oldest'),
        });
        rows.push(...answer.withdrawals);
        if (answer.withdrawals.length === 0 || rows.length >= answer.total) return rows;
      }
    },
  });

export const useApprovedWithdrawals = () => useQuery(approvedWithdrawalsQuery());

/** What a batch pays: every approved withdrawal of the chain when `withdrawalIds` is left out; feeRate in sat/vB. */
export type PayoutBatchRequest = { chain: string; withdrawalIds?: string[]; feeRate?: number };

/**
 * POST /api/admin/payout-batches/preview, asked as a query (it changes nothing): the fee, size and total before
 * building; 422 {message} when the confirmed coins do not cover it, 409 when nothing is approved.
 */
export const payoutPreviewQuery = (request: PayoutBatchRequest) =>
  queryOptions({
    queryKey: [...batchesKey, 'preview', request],
    queryFn: async () =>
      (await apiPost<{ preview: PayoutBatchPreview }>('admin/payout-batches/preview', request)).preview,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePayoutPreview = (request: PayoutBatchRequest, enabled: boolean) =>
  useQuery({ ...payoutPreviewQuery(request), enabled });

type Answer = { batch: PayoutBatch };

/** A write on a batch: afterwards the batches, the approved withdrawals and the incidents are all asked again. */
function useBatchMutation<Variables>(send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/** POST /api/admin/payout-batches → 201 {batch}, unsigned, its withdrawals now in_batch. */
export const useBuildPayoutBatch = () =>
  useBatchMutation((request: PayoutBatchRequest) => apiPost<Answer>('admin/payout-batches', request));

/**
 * POST /api/admin/payout-batches/:id/signed {psbt}: base64 of the PSBT signed in the operator's wallet → 200 {batch},
 * broadcast; 422 {message} for another transaction, a missing signature, changed outputs or a refusing node.
 */
export const useUploadSignedPsbt = () =>
  useBatchMutation(({ id, psbt }: { id: string; psbt: string }) => apiPost<Answer>(batchPath(id, '/signed'), { psbt }));

/** POST /api/admin/payout-batches/:id/bump {feeRate} → 201 {batch}: a new unsigned PSBT on the same inputs. */
export const useBumpPayoutBatch = () =>
  useBatchMutation(({ id, feeRate }: { id: string; feeRate: number }) =>
    apiPost<Answer>(batchPath(id, '/bump'), { feeRate }),
  );

/** POST /api/admin/payout-batches/:id/cancel: an unsigned batch fails and its withdrawals are approved again. */
export const useCancelPayoutBatch = () =>
  useBatchMutation((id: string) => apiPost<Answer>(batchPath(id, '/cancel'), {}));
