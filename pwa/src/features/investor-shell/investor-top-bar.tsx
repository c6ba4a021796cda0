import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppShellTopBar, ShellMenuToggle } from '../../components/ui/app-shell';
import { Button } from '../../components/ui/button';
import type { ShellMenu } from '../../components/ui/use-shell-menu';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../lib/notifications/notification-bell';
import { useSiteName } from '../../lib/operator-config/operator-config-deferred';
import { OutboxLink } from './outbox-link';

type InvestorTopBarProps = {
  /** The person's first and last name; null while it loads, '' when it could not be loaded. */
  name: string | null;
  menu: ShellMenu;
  onSignOut: () => void;
  signingOut: boolean;
};

export function InvestorTopBar({ name, menu, onSignOut, signingOut }: InvestorTopBarProps) {
  const { t } = useTranslation('investor');
  const { t: tCommon } = useTranslation('common');
  const siteName = useSiteName(tCommon('siteNameFallback'));

  return (
    <AppShellTopBar className="investor-top-bar">
      <ShellMenuToggle menu={menu} openLabel={t('shell.openMenu')} closeLabel={t('shell.closeMenu')} />
      <Link to={paths.dashboard} className="app-shell__brand" aria-label={t('shell.homeLink', { siteName })}>
        <img src="/icons/logo.svg" alt="" width="32" height="32" />
        <span className="app-shell__brand-name" dir="auto">
          {siteName}
        </span>
      </Link>
      <NotificationBell className="investor-top-bar__outbox" />
      <OutboxLink />
      <Link
        to={paths.userProfile}
        className="investor-top-bar__user"
        aria-label={name ? t('shell.profileLink', { name }) : t('shell.profileLinkLoading')}
      >
        {/* The initial is drawn by CSS: as text, it would be visible text missing from the link's name. */}
        <span
          className="investor-top-bar__avatar"
          aria-hidden="true"
          data-initial={name ? name.charAt(0).toUpperCase() : '…'}
        />
        <span className="investor-top-bar__name" dir="auto">
          {name === null ? t('shell.loadingName') : name || t('shell.nav.profile')}
        </span>
      </Link>
      <Button
        variant="secondary"
        size="sm"
        className="investor-top-bar__sign-out"
        onClick={onSignOut}
        busy={signingOut}
      >
        {/* A phone shows this icon instead of the words (still the button's name), so the name keeps some room. */}
        {!signingOut && <LogOut aria-hidden="true" size={20} strokeWidth={2} />}
        <span className="investor-top-bar__sign-out-label">
          {signingOut ? t('shell.signingOut') : t('shell.signOut')}
        </span>
      </Button>
    </AppShellTopBar>
  );
}
