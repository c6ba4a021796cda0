import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const receiptStatuses = ['pending', 'confirmed', 'rejected', 'all'] as const;
export type ReceiptFilter = (typeof receiptStatuses)[number];

export type Receipt = {
  id: string;
  user?: { id: string; email?: string | null } | null;
  amount: number;
  coin: string | null;
  planName: string | null;
  status: 'pending' | 'confirmed' | 'rejected';
  rejectReason: string | null;
  createdAt: string;
  /** An earlier deposit whose receipt file has the same SHA-256. */
  duplicateOf?: string;
};

/** GET /api/admin/receipts[?status=]; anything but an array counts as "no receipts": the desk shows an empty list, not an error. */
export const receiptsQuery = (filter: ReceiptFilter) =>
  queryOptions({
    queryKey: [...adminKeys.receipts, filter],
    queryFn: async () => {
      const answer = await apiGet<unknown>(
        'admin/receipts',
        filter === 'all' ? {} : { searchParams: { status: filter } },
      );
      return Array.isArray(answer) ? (answer as Receipt[]) : [];
    },
  });

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
