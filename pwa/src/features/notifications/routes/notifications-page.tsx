import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../../../api/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { useFormat } from '../../../lib/format';
import { notificationsCopyKey, notificationsQuery } from '../../../lib/notifications/notifications-query';
import { useMarkNotificationsRead } from '../api/mark-read';
import { PushSwitch } from '../../../lib/notifications/push-switch';
import '../notifications.css';

/** /notifications: what happened to the investor's money, newest first; opening one marks it read. */
export function NotificationsPage() {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useQuery(notificationsQuery(page));
  const markRead = useMarkNotificationsRead();
  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;

  return (
    <div className="investor-page notifications-page">
      <div className="notifications-head">
        <h1 className="investor-page__title">{t('notifications.title')}</h1>
        {data && data.unread > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      <SavedCopyNote copyKey={notificationsCopyKey(page)} />
      {list.isError && !data && (
        <p className="notice" role="status">
          {t('notifications.loadFailed')}
        </p>
      )}
      {data &&
        (data.notifications.length === 0 ? (
          <p className="notifications-empty">{t('notifications.empty')}</p>
        ) : (
          <ul className="notifications-list">
            {data.notifications.map((notification) => (
              <li
                key={notification.id}
                className={`notifications-item${notification.readAt ? '' : ' notifications-item--unread'}${
                  notification.doneAt ? ' notifications-item--done' : ''
                }`}
              >
                <Link
                  to={notification.link}
                  className="notifications-item__link"
                  onClick={() => {
                    if (!notification.readAt) markRead.mutate({ ids: [notification.id] });
                  }}
                >
                  <span className="notifications-item__title">
                    {!notification.readAt && <span className="visually-hidden">{t('notifications.unread')} </span>}
                    {notification.title}
                    {notification.doneAt && <span className="notifications-item__done">{t('notifications.done')}</span>}
                  </span>
                  <span className="notifications-item__body">{notification.body}</span>
                  <time className="notifications-item__time" dateTime={notification.createdAt}>
                    {format.dateTime(notification.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPage={setPage}
        label={t('notifications.pages')}
        pageLabel={(number) => t('notifications.page', { page: number })}
      />
      <section className="notifications-device" aria-labelledby="notifications-device-title">
        <h2 id="notifications-device-title">{t('notificationPreferences.thisDevice')}</h2>
        <PushSwitch />
      </section>
    </div>
  );
}
