import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';

const links = [
  { to: paths.adminDashboardOverview, key: 'nav.dashboard', icon: '⌂' },
  { to: paths.adminAddAdmin, key: 'nav.addAdmin', icon: '+' },
  { to: paths.adminUsers, key: 'nav.users', icon: '☺' },
  { to: paths.adminReceipts, key: 'nav.receipts', icon: '✓', badge: 'receipts' },
  { to: paths.adminResetPassword, key: 'nav.resetPassword', icon: '↻' },
  { to: paths.adminWithdrawals, key: 'nav.withdrawals', icon: '↑', badge: 'withdrawals' },
  { to: paths.adminMessages, key: 'nav.messages', icon: '✉' },
  { to: paths.adminAuditLog, key: 'nav.auditLog', icon: '≡' },
  { to: paths.adminSecurity, key: 'nav.security', icon: '⚿' },
] as const;

export type PendingCounts = { receipts: number; withdrawals: number };

type AdminSidebarProps = { id: string; open: boolean; onNavigate: () => void; pending?: PendingCounts };

/** The admin menu: always shown on wide screens; on narrow ones the top bar's toggle opens it. Badges count what waits. */
export function AdminSidebar({ id, open, onNavigate, pending }: AdminSidebarProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <nav id={id} className={`admin-sidebar on-dark${open ? ' admin-sidebar--open' : ''}`} aria-label={t('nav.label')}>
      <ul className="admin-sidebar__list">
        {links.map((link) => {
          const count = 'badge' in link && pending ? pending[link.badge] : 0;
          return (
            <li key={link.to}>
              <NavLink to={link.to} className="admin-sidebar__link" onClick={onNavigate}>
                <span className="admin-sidebar__icon" aria-hidden="true">{link.icon}</span>
                {t(link.key)}
                {count > 0 && (
                  <span className="admin-sidebar__badge">
                    <span aria-hidden="true">{format.number(count)}</span>
                    <span className="visually-hidden">{t('nav.pending', { count, countText: format.number(count) })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
