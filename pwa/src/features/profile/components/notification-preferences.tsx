import { useTranslation } from 'react-i18next';
import type { NotificationChannel, NotificationPreference } from '../../../../../api/contracts/notifications';
import { PushSwitch } from '../../../lib/notifications/push-switch';
import { useNotificationPreferences, useSaveNotificationPreference } from '../api/notification-preferences';

const channels: NotificationChannel[] = ['email', 'push'];

/** Which money notifications also come by e-mail and by push, one switch per category and channel, saved as changed. */
export function NotificationPreferences() {
  const { t } = useTranslation('investor');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const shown = (preference: NotificationPreference, channel: NotificationChannel) =>
    save.isPending && save.variables.category === preference.category && save.variables[channel] !== undefined
      ? save.variables[channel]
      : preference[channel];

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
        <table className="notification-preferences">
          <thead>
            <tr>
              <th scope="col">{t('notificationPreferences.category')}</th>
              {channels.map((channel) => (
                <th key={channel} scope="col">
                  {t(`notificationPreferences.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preferences.data.map((preference) => {
              const category = t(`notificationPreferences.categories.${preference.category}`);
              return (
                <tr key={preference.category}>
                  <th scope="row">{category}</th>
                  {channels.map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        aria-label={t(`notificationPreferences.${channel}Of`, { category })}
                        disabled={save.isPending}
                        checked={shown(preference, channel)}
                        onChange={(event) =>
                          save.mutate({ category: preference.category, [channel]: event.target.checked })
                        }
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p>{t('notificationPreferences.security')}</p>
      <p role="status" className={save.isError ? 'notice' : undefined}>
        {save.isError
          ? t('notificationPreferences.saveFailed')
          : save.isSuccess
            ? t('notificationPreferences.saved')
            : ''}
      </p>
      <h3>{t('notificationPreferences.thisDevice')}</h3>
      <PushSwitch />
    </section>
  );
}
