import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationCategory, NotificationPreference } from '../../../../../api/contracts/notifications';
import { Checkbox } from '../../../components/ui/checkbox';
import { apiGet, apiPut } from '../../../lib/api-client';
import { investorQueryKeys } from '../../../lib/investor-queries';

const preferencesKey = [...investorQueryKeys.all, 'notification-preferences'] as const;

/** Which money notifications also come by e-mail, one switch per category, saved as it is changed. */
export function NotificationPreferences() {
  const { t } = useTranslation('investor');
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: async () =>
      (await apiGet<{ preferences: NotificationPreference[] }>('notification-preferences')).preferences,
  });
  const save = useMutation({
    mutationFn: (choice: NotificationPreference) =>
      apiPut<{ preferences: NotificationPreference[] }>('notification-preferences', choice),
    onSuccess: ({ preferences: saved }) => queryClient.setQueryData(preferencesKey, saved),
  });

  return (
    <section className="security-panel" aria-labelledby="notification-preferences-title">
      <h2 id="notification-preferences-title">{t('notificationPreferences.title')}</h2>
      <p>{t('notificationPreferences.intro')}</p>
      {preferences.isError && (
        <p className="notice" role="status">
          {t('notificationPreferences.loadFailed')}
        </p>
      )}
      {preferences.data && (
        <fieldset className="notification-preferences" disabled={save.isPending}>
          <legend className="visually-hidden">{t('notificationPreferences.title')}</legend>
          {preferences.data.map(({ category, email }) => (
            <Checkbox
              key={category}
              label={t(`notificationPreferences.categories.${category as NotificationCategory}`)}
              checked={save.isPending && save.variables.category === category ? save.variables.email : email}
              onChange={(event) => save.mutate({ category, email: event.target.checked })}
            />
          ))}
        </fieldset>
      )}
      <p>{t('notificationPreferences.security')}</p>
      <p role="status" className={save.isError ? 'notice' : undefined}>
        {save.isError
          ? t('notificationPreferences.saveFailed')
          : save.isSuccess
            ? t('notificationPreferences.saved')
            : ''}
      </p>
    </section>
  );
}
