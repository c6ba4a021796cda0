import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '../../../../../api/contracts/answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys, type Paged } from './admin-keys';
import { listParams, type ListOrder } from './list-order';

export const receiptStatuses = ['pending', 'confirmed', 'rejected', 'all'] as const;
export type ReceiptFilter = (typeof receiptStatuses)[number];

export type { Receipt };
export type ReceiptsPage = Paged & { receipts: Receipt[] };

export const RECEIPTS_PAGE_SIZE = 25;

/**
 * GET /api/admin/receipts?status=&page=&pageSize=&sort=&order=; an answer without a receipts array counts as
 * "no receipts": the desk shows an empty list, not an error.
 */
export const receiptsQuery = (filter: ReceiptFilter, page = 1, order: ListOrder = 'newest') =>
  queryOptions({
    queryKey: [...adminKeys.receipts, filter, page, order],
    queryFn: async (): Promise<ReceiptsPage> => {
      const answer = await apiGet<Partial<ReceiptsPage> | null>('admin/receipts', {
        searchParams: listParams(filter, page, RECEIPTS_PAGE_SIZE, order),
      });
      const receipts = Array.isArray(answer?.receipts) ? answer.receipts : [];
      return { receipts, total: Number(answer?.total ?? receipts.length), page, pageSize: RECEIPTS_PAGE_SIZE };
    },
    // The table keeps its rows while the next page loads, so it does not jump.
    placeholderData: keepPreviousData,
  });

export const useReceipts = (filter: ReceiptFilter, page?: number, order?: ListOrder) =>
  useQuery(receiptsQuery(filter, page, order));

/** Where the browser downloads the receipt file (the session cookie authenticates it). */
export const receiptFileUrl = (id: string) => `/api/admin/receipts/${encodeURIComponent(id)}/file`;

/** The same file served inline: an image shows in an <img>, a PDF in the browser's viewer. */
export const receiptPreviewUrl = (id: string) => `/api/admin/receipts/${encodeURIComponent(id)}/preview`;

/** POST /api/admin/confirm-receipt/:id: credits once; 409 when already decided. */
export const confirmReceipt = (id: string) =>
  apiPost<{ message: string }>(`admin/confirm-receipt/${encodeURIComponent(id)}`);

/** POST /api/admin/reject-receipt/:id {reason}. */
export const rejectReceipt = (id: string, reason: string) =>
  apiPost<{ message: string }>(`admin/reject-receipt/${encodeURIComponent(id)}`, { reason });
