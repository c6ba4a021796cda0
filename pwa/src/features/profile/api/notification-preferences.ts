import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreference, PreferenceChoice } from '../../../../../api/contracts/notifications';
import { apiGet, apiPut } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/queries/investor';

type PreferencesAnswer = { preferences: NotificationPreference[] };

const fetchPreferences = async () => (await apiGet<PreferencesAnswer>('notification-preferences')).preferences;

/** GET /api/notification-preferences: which money notifications also come by e-mail and by push. */
export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: [...investorQueryKeys.all, 'notification-preferences'], queryFn: fetchPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

/** PUT /api/notification-preferences: one category's channels; the answer is the whole list, kept as the query's. */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: PreferenceChoice) => apiPut<PreferencesAnswer>('notification-preferences', choice),
    onSuccess: ({ preferences }) => queryClient.setQueryData(notificationPreferencesQuery().queryKey, preferences),
  });
}
