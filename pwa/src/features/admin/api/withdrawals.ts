import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminWithdrawal } from '../../../../../api/contracts/answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys, type Paged } from './admin-keys';
import { listParams, type ListOrder } from './list-order';

/** approved: waiting to be paid (on a UTXO chain, for a batch); in_batch: in a batch waiting for its signature. */
export const withdrawalFilters = ['pending', 'approved', 'in_batch', 'paid', 'rejected', 'all'] as const;
export type WithdrawalFilter = (typeof withdrawalFilters)[number];

export type { AdminWithdrawal };
export type AdminWithdrawalsPage = Paged & { withdrawals: AdminWithdrawal[] };

export const WITHDRAWALS_PAGE_SIZE = 25;

/** GET /api/admin/withdrawals?status=&page=&pageSize=&sort=&order=, newest first unless asked otherwise. */
export const adminWithdrawalsQuery = (filter: WithdrawalFilter, page = 1, order: ListOrder = 'newest') =>
  queryOptions({
    queryKey: [...adminKeys.withdrawals, filter, page, order],
    queryFn: () =>
      apiGet<AdminWithdrawalsPage>('admin/withdrawals', {
        searchParams: listParams(filter, page, WITHDRAWALS_PAGE_SIZE, order),
      }),
    placeholderData: keepPreviousData,
  });

/**
 * With a hash: an on-chain withdrawal's payment is checked on the node (202, or 422 with the reason), any other is
 * marked paid by hand. Without one, an on-chain withdrawal's coin amount is fixed at the live rate (409 without one).
 * A second decision → 409.
 */
export const approveWithdrawal = (id: string, txHash?: string) =>
  apiPost<{ message: string; withdrawal?: AdminWithdrawal }>(
    `admin/withdrawals/${encodeURIComponent(id)}/approve`,
    txHash === undefined ? {} : { txHash },
  );

/** Rejects it; the held amount goes back to the investor's available balance. */
export const rejectWithdrawal = (id: string, reason: string) =>
  apiPost<{ message: string }>(`admin/withdrawals/${encodeURIComponent(id)}/reject`, { reason });
