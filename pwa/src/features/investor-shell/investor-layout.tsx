import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { AppShell, ShellLoading } from '../../components/ui/app-shell';
import { ConnectionStatus } from '../../components/ui/connection-status';
import { useShellMenu } from '../../components/ui/use-shell-menu';
import { isUnauthorized } from './is-unauthorized';
import { useUserData } from '../../lib/queries/investor';
import { useOutboxRunner, useSendingCount } from '../../lib/outbox/hooks';
import { useSession } from '../../lib/session-store';
import { useServerReachable } from '../../lib/offline/personal-copy';
import { InvestorSidebar } from './investor-sidebar';
import { InvestorTopBar } from './investor-top-bar';
import { OutboxNotice } from './outbox-notice';
import { SignOutConfirm } from './sign-out-confirm';
import { useSignOut } from './use-sign-out';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import './investor-layout.css';
import { ScrollRestoration } from '../../lib/hooks/scroll-restoration';
import { TermsGate } from '../../lib/terms/terms-gate';

/** Top bar + sidebar + page for every investor screen; the session is checked with GET /api/session. */
export function InvestorLayout() {
  const { t } = useTranslation('investor');
  const userData = useUserData();
  const session = useSession();
  const { signOut, signingOut, pending, confirmSignOut, cancelSignOut } = useSignOut();
  const menu = useShellMenu();
  useUnauthorizedRedirect();
  // Outbox rows (receipts, profile edits) are replayed while this investor is signed in; the e-mail names whose they are.
  useOutboxRunner(userData.data?.email ?? session?.user.email ?? null);
  const sending = useSendingCount();
  const online = useServerReachable();

  // Offline, the name saved at sign-in is still the right name; it is not money, so it may be shown.
  const stored = session?.user.firstName ? `${session.user.firstName} ${session.user.lastName ?? ''}`.trim() : null;
  const unanswered = userData.isError || userData.fetchStatus === 'paused';
  // Loading ends even when the check fails: then the saved name, or none (the link still reads 'Profile').
  const name = userData.data
    ? `${userData.data.firstName} ${userData.data.lastName}`
    : unanswered
      ? (stored ?? '')
      : null;
  // Pages wait for the session check (a 401 leaves for sign-in), except offline, where the check is paused:
  // the pages then explain what needs a connection.
  const checking = userData.isPending && userData.fetchStatus === 'fetching';
  const loading = <ShellLoading label={t('common.loading')} />;

  return (
    <AppShell
      menu={menu}
      className="investor-layout"
      skipLinkLabel={t('common:skipToContent')}
      topBar={<InvestorTopBar name={name} menu={menu} onSignOut={() => void signOut()} signingOut={signingOut} />}
      notices={
        <>
          <ConnectionStatus online={online} sending={sending} />
          <Suspense fallback={null}>
            <OutboxNotice />
          </Suspense>
        </>
      }
      sidebar={<InvestorSidebar menu={menu} />}
      footer={
        <footer className="investor-layout__footer">
          <p>{t('shell.riskNotice')}</p>
        </footer>
      }
      after={
        <>
          <Suspense fallback={null}>
            <SignOutConfirm pending={pending} onConfirm={() => void confirmSignOut()} onCancel={cancelSignOut} />
          </Suspense>
          {userData.data && (
            <Suspense fallback={null}>
              <TermsGate />
            </Suspense>
          )}
          <ScrollRestoration />
        </>
      }
    >
      {checking || isUnauthorized(userData.error) ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <Outlet />
        </Suspense>
      )}
    </AppShell>
  );
}
