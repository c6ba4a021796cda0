import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/notifications/notifications-query';

const markNotificationsRead = (which: { ids: string[] } | { all: true }) =>
  apiPost<{ marked: number }>('notifications/read', which);

/** POST /api/notifications/read: some notifications, or all of them; the bell and the list refresh after. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
