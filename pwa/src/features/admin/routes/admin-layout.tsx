import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { AppShell, ShellLoading } from '../../../components/ui/app-shell';
import { Button } from '../../../components/ui/button';
import { ConnectionStatus } from '../../../components/ui/connection-status';
import { useShellMenu } from '../../../components/ui/use-shell-menu';
import { paths } from '../../../config/paths';
import { hasStatus } from '../api/admin-keys';
import { useAdminId } from '../api/admin-session';
import { usePendingBadges } from '../api/stats';
import { AdminSidebar } from '../components/admin-sidebar';
import { AdminTopBar } from '../components/admin-top-bar';
import { useAdminGuard } from '../hooks/use-admin-guard';
import { useAdminSignOut } from '../hooks/use-admin-sign-out';
import '../admin-shell.css';
import '../admin.css';
import '../admin-forms.css';
import { ScrollRestoration } from '../../../lib/hooks/scroll-restoration';
import { useServerReachable } from '../../../lib/offline/personal-copy';

/** Side menu + top bar around every admin screen; nothing is shown until the session is known to be an admin's. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const adminId = useAdminId();
  const me = useAdminGuard(adminId);
  const { signOut, signingOut } = useAdminSignOut();
  // Only once the session is known to be an admin's: the badges poll the figures.
  const stats = usePendingBadges(Boolean(me.data));
  const pending = stats.data && {
    receipts: stats.data.deposits.pending.count,
    withdrawals: stats.data.withdrawals.pending.count,
  };
  const menu = useShellMenu({ pinned: true });
  const online = useServerReachable();

  if (!adminId) return <Navigate to={paths.adminLogin} replace />;

  const loading = <ShellLoading label={t('common.loading')} />;
  let content;
  if (me.data)
    content = (
      <Suspense fallback={loading}>
        <Outlet />
      </Suspense>
    );
  // 401/403/404 leave for /login (useAdminGuard); meanwhile show nothing of the panel.
  else if ((me.isError && !hasStatus(me.error, 401, 403, 404)) || me.fetchStatus === 'paused') {
    content = (
      <div className="admin-state" role="alert">
        <p>{me.fetchStatus === 'paused' || hasStatus(me.error, 0) ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else content = loading;

  return (
    <AppShell
      menu={menu}
      className="admin-layout"
      skipLinkLabel={t('common:skipToContent')}
      topBar={<AdminTopBar admin={me.data} menu={menu} onSignOut={() => void signOut()} signingOut={signingOut} />}
      notices={<ConnectionStatus online={online} offlineMeans="needsConnection" />}
      sidebar={<AdminSidebar menu={menu} pending={pending || undefined} />}
      after={<ScrollRestoration />}
    >
      {content}
    </AppShell>
  );
}
