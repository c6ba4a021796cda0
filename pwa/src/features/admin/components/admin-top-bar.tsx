import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { AdminProfile } from '../api/admin-auth';

type AdminTopBarProps = {
  admin: AdminProfile | undefined;
  menuOpen: boolean;
  menuId: string;
  onToggleMenu: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

export function AdminTopBar({ admin, menuOpen, menuId, onToggleMenu, onSignOut, signingOut }: AdminTopBarProps) {
  const { t } = useTranslation('admin');
  return (
    <header className="admin-top-bar">
      <button type="button" className="admin-top-bar__toggle" aria-expanded={menuOpen} aria-controls={menuId} onClick={onToggleMenu}>
        <span className="admin-top-bar__toggle-bars" aria-hidden="true" />
        <span className="visually-hidden">{menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}</span>
      </button>
      <Link to={paths.adminDashboardOverview} className="admin-top-bar__brand">
        <img src="/icons/logo.svg" alt="" width="28" height="28" />
        <span>{t('shell.title')}</span>
      </Link>
      <p className="admin-top-bar__who">
        {admin ? (
          <>
            <span className="visually-hidden">{t('shell.signedInAs')} </span>
            {admin.name && <span className="admin-top-bar__name">{admin.name}</span>}
            <span className="admin-top-bar__email">{admin.email}</span>
          </>
        ) : t('common.loading')}
      </p>
      <Button variant="secondary" size="sm" onClick={onSignOut} busy={signingOut}>
        {signingOut ? t('shell.signingOut') : t('shell.signOut')}
      </Button>
    </header>
  );
}
