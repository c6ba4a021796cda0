import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NotificationsPage } from '../../../../api/contracts/notifications';
import { apiGet } from '../api-client';
import { investorQueryKeys } from '../queries/investor';
import { fetchWithPersonalCopy } from '../offline/personal-copy';

export const notificationsKey = [...investorQueryKeys.all, 'notifications'] as const;
export const notificationsCopyKey = (page: number) => `notifications:${page}`;

/**
 * GET /api/notifications: one page, newest first, with the unread count. Kept on the device, so the list opens
 * offline from the last copy; under the investor key, so a money action refreshes it.
 */
export const notificationsQuery = (page = 1) =>
  queryOptions({
    queryKey: [...notificationsKey, page],
    queryFn: () =>
      fetchWithPersonalCopy(notificationsCopyKey(page), () =>
        apiGet<NotificationsPage>('notifications', { searchParams: { page } }),
      ),
    networkMode: 'offlineFirst',
    placeholderData: keepPreviousData,
    // The bell learns of money that moved while the app stays open.
    refetchInterval: 60_000,
  });
