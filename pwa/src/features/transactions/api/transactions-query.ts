import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';
import type { TransactionRow } from '../../../../../api/contracts/answers';

export type { TransactionRow };

export type TransactionTab = 'deposit' | 'withdrawal' | 'others';
export type TransactionStatus = 'pending' | 'confirmed' | 'rejected' | 'paid' | 'completed';
export type TransactionPage = { items: TransactionRow[]; total: number; page: number; pageSize: number };

export const TRANSACTIONS_PAGE_SIZE = 5;

/** GET /api/transactions, one page of one tab; under the investor key so money actions refresh it. */
export const transactionsQuery = (tab: TransactionTab, type: string, page: number) =>
  queryOptions({
    queryKey: [...investorQueryKeys.all, 'transactions', { tab, type, page }],
    queryFn: () => {
      const searchParams: Record<string, string | number> = { tab, page, pageSize: TRANSACTIONS_PAGE_SIZE };
      if (type) searchParams.type = type;
      return apiGet<TransactionPage>('transactions', { searchParams });
    },
    // Paging keeps the previous rows on screen until the next page arrives, so the table does not jump.
    placeholderData: keepPreviousData,
  });
