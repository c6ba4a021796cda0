import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys, type Paged } from './admin-keys';
import type { ContactMessage } from '../../../../../api/contracts/answers';

export type { ContactMessage };

export const MESSAGES_PAGE_SIZE = 20;

/** GET /api/admin/messages: contact-form messages, newest first. */
export const messagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKeys.messages, page],
    queryFn: () =>
      apiGet<Paged & { messages: ContactMessage[] }>('admin/messages', {
        searchParams: { page, pageSize: MESSAGES_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const useMessages = (page: number) => useQuery(messagesQuery(page));
