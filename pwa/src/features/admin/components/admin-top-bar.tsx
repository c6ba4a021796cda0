import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppShellTopBar, ShellMenuToggle } from '../../../components/ui/app-shell';
import { Button } from '../../../components/ui/button';
import type { ShellMenu } from '../../../components/ui/use-shell-menu';
import { paths } from '../../../config/paths';
import { NotificationBell } from '../../../lib/notifications/notification-bell';
import type { AdminProfile } from '../api/admin-auth';

type AdminTopBarProps = {
  admin: AdminProfile | undefined;
  menu: ShellMenu;
  onSignOut: () => void;
  signingOut: boolean;
};

export function AdminTopBar({ admin, menu, onSignOut, signingOut }: AdminTopBarProps) {
  const { t } = useTranslation('admin');
  return (
    <AppShellTopBar className="admin-top-bar">
      <ShellMenuToggle menu={menu} openLabel={t('shell.openMenu')} closeLabel={t('shell.closeMenu')} />
      {/* Named apart from its text, which a phone's narrow bar hides. */}
      <Link to={paths.adminDashboardOverview} className="app-shell__brand" aria-label={t('shell.title')}>
        <img src="/icons/logo.svg" alt="" width="28" height="28" />
        <span className="app-shell__brand-name">{t('shell.title')}</span>
      </Link>
      <p className="admin-top-bar__who">
        {admin ? (
          <>
            <span className="visually-hidden">{t('shell.signedInAs')} </span>
            {admin.name && <span className="admin-top-bar__name">{admin.name}</span>}
            <span className="admin-top-bar__email">{admin.email}</span>
          </>
        ) : (
          t('common.loading')
        )}
      </p>
      <NotificationBell
        className="admin-top-bar__bell"
        badgeClassName="admin-top-bar__badge"
        to={paths.adminNotifications}
      />
      <Button variant="secondary" size="sm" onClick={onSignOut} busy={signingOut}>
        {signingOut ? t('shell.signingOut') : t('shell.signOut')}
      </Button>
    </AppShellTopBar>
  );
}
