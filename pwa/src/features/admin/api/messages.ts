import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys, type Paged } from './admin-keys';

export type ContactMessage = {
  id: string | number;
  fullName: string;
  email: string;
  budget: string;
  subject: string;
  message: string;
  createdAt: string;
};

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
