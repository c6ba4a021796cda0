import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ConnectionStatus } from '../../../components/ui/connection-status';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { hasStatus } from '../api/admin-keys';
import { useAdminId } from '../api/admin-session';
import { pendingBadgesQuery } from '../api/stats';
import { AdminSidebar } from '../components/admin-sidebar';
import { AdminTopBar } from '../components/admin-top-bar';
import { useAdminGuard } from '../hooks/use-admin-guard';
import { useAdminSignOut } from '../hooks/use-admin-sign-out';
import '../admin-shell.css';
import '../admin.css';
import '../admin-forms.css';
import { ScrollRestoration } from '../../../lib/scroll-restoration';
import { useServerReachable } from '../../../lib/personal-copy';

/** Side menu + top bar around every admin screen; nothing is shown until the session is known to be an admin's. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const adminId = useAdminId();
  const me = useAdminGuard(adminId);
  const { signOut, signingOut } = useAdminSignOut();
  // Only once the session is known to be an admin's: the badges poll the figures.
  const stats = useQuery({ ...pendingBadgesQuery(), enabled: Boolean(me.data) });
  const pending = stats.data && { receipts: stats.data.deposits.pending.count, withdrawals: stats.data.withdrawals.pending.count };
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const online = useServerReachable();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  if (!adminId) return <Navigate to={paths.adminLogin} replace />;

  const loading = <div className="admin-layout__loading"><Spinner label={t('common.loading')} size="lg" /></div>;
  let content;
  if (me.data) content = <Suspense fallback={loading}><Outlet /></Suspense>;
  // 401/403/404 leave for /login (useAdminGuard); meanwhile show nothing of the panel.
  else if ((me.isError && !hasStatus(me.error, 401, 403, 404)) || me.fetchStatus === 'paused') {
    content = (
      <div className="admin-state" role="alert">
        <p>{me.fetchStatus === 'paused' || hasStatus(me.error, 0) ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void me.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else content = loading;

  return (
    <div className="admin-layout">
      <a href="#main" className="skip-link">{t('common:skipToContent')}</a>
      <AdminTopBar
        admin={me.data}
        menuOpen={menuOpen}
        menuId={menuId}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
      />
      <ConnectionStatus online={online} offlineMeans="needsConnection" />
      <div className="admin-layout__body">
        <AdminSidebar id={menuId} open={menuOpen} onNavigate={() => setMenuOpen(false)} pending={pending || undefined} />
        <main id="main" className="admin-layout__main" tabIndex={-1}>{content}</main>
      </div>
      <ScrollRestoration />
    </div>
  );
}
