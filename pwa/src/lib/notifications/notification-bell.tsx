import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { notificationsQuery } from './notifications-query';

interface NotificationBellProps {
  className: string;
  badgeClassName?: string;
  /** The shell's notifications page. */
  to?: string;
}

/** The top bar's way to the notifications page, with the number of unread notifications as a badge. */
export function NotificationBell({
  className,
  badgeClassName = 'investor-top-bar__badge',
  to = paths.notifications,
}: NotificationBellProps) {
  const { t } = useTranslation('common');
  const unread = useQuery(notificationsQuery(1)).data?.unread ?? 0;
  return (
    <NavLink
      to={to}
      className={className}
      aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span className={badgeClassName} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
