import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useSiteName } from '../../lib/operator-config';
import { OutboxLink } from './outbox-link';

type InvestorTopBarProps = {
  /** The person's first and last name; null while it loads, '' when it could not be loaded. */
  name: string | null;
  menuOpen: boolean;
  menuId: string;
  onToggleMenu: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

export function InvestorTopBar({ name, menuOpen, menuId, onToggleMenu, onSignOut, signingOut }: InvestorTopBarProps) {
  const { t } = useTranslation('investor');
  const { t: tCommon } = useTranslation('common');
  const siteName = useSiteName(tCommon('siteNameFallback'));

  return (
    <header className="investor-top-bar">
      <button
        type="button"
        className="investor-top-bar__toggle"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onToggleMenu}
      >
        <span className="investor-top-bar__toggle-bars" aria-hidden="true" />
        <span className="visually-hidden">{menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}</span>
      </button>
      <Link to={paths.dashboard} className="investor-top-bar__brand" aria-label={t('shell.homeLink', { siteName })}>
        <img src="/icons/logo.svg" alt="" width="32" height="32" />
        <span className="investor-top-bar__site-name">{siteName}</span>
      </Link>
      <OutboxLink />
      <Link
        to={paths.userProfile}
        className="investor-top-bar__user"
        aria-label={name ? t('shell.profileLink', { name }) : t('shell.profileLinkLoading')}
      >
        <span className="investor-top-bar__avatar" aria-hidden="true">{name ? name.charAt(0).toUpperCase() : '…'}</span>
        <span className="investor-top-bar__name">{name === null ? t('shell.loadingName') : name || t('shell.nav.profile')}</span>
      </Link>
      <Button variant="secondary" size="sm" onClick={onSignOut} busy={signingOut}>
        {signingOut ? t('shell.signingOut') : t('shell.signOut')}
      </Button>
    </header>
  );
}
