import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import {
  builtInContact,
  useDeferredOperatorConfig,
  useSiteName,
} from '../../lib/operator-config/operator-config-deferred';
import { LanguageSelector } from './language-selector';
import './site-header.css';

const navItems = [
  { to: paths.home, key: 'nav.home', end: true },
  { to: paths.aboutUs, key: 'nav.about' },
  { to: paths.services, key: 'nav.services' },
  { to: paths.portfolio, key: 'nav.portfolio' },
  { to: paths.contact, key: 'nav.contact' },
] as const;

export function SiteHeader() {
  const { t } = useTranslation('common');
  const config = useDeferredOperatorConfig();
  const { supportEmail, supportPhone } = config ?? builtInContact;
  const menuId = useId();
  const supportLineId = useId();
  const location = useLocation();
  const siteName = useSiteName(t('siteNameFallback'));

  // The menu belongs to the page it was opened on: following a link closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === location.pathname;

  // The support line and language choice scroll away; only the compact bar below stays pinned (at most 64 px).
  // They are a landmark of their own, named by their lead, so no content sits outside the page's landmarks.
  return (
    <>
      <aside className="site-header__support on-dark" aria-labelledby={supportLineId}>
        <div className="container site-header__support-inner">
          <p className="site-header__support-line">
            <span id={supportLineId}>{t('header.supportLine')}</span>{' '}
            {supportEmail && (
              <a href={`mailto:${supportEmail}`} aria-label={t('header.supportEmailLabel', { email: supportEmail })}>
                {supportEmail}
              </a>
            )}
            {supportPhone && (
              <>
                {' · '}
                <a href={`tel:${supportPhone}`} aria-label={t('header.supportPhoneLabel', { phone: supportPhone })}>
                  <bdi>{supportPhone}</bdi>
                </a>
              </>
            )}
          </p>
          <LanguageSelector />
        </div>
      </aside>
      <header className="site-header">
        <div className="container site-header__bar">
          <Link to={paths.home} className="site-header__brand" aria-label={t('header.homeLink', { siteName })}>
            <img src="/icons/logo.svg" alt="" width="36" height="36" />
            <span>{siteName}</span>
          </Link>
          <button
            type="button"
            className="site-header__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenOnPath(menuOpen ? null : location.pathname)}
          >
            <span className="site-header__toggle-bars" aria-hidden="true" />
            <span className="visually-hidden">{menuOpen ? t('header.closeMenu') : t('header.openMenu')}</span>
          </button>
          <div id={menuId} className={`site-header__menu${menuOpen ? ' site-header__menu--open' : ''}`}>
            <nav aria-label={t('header.mainNavigation')}>
              <ul className="site-header__nav">
                {navItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={'end' in item} className="site-header__link">
                      {t(item.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="site-header__actions">
              <ButtonLink to={paths.signIn} variant="secondary" size="sm">
                {t('nav.signIn')}
              </ButtonLink>
              <ButtonLink to={paths.signUp} size="sm">
                {t('nav.register')}
              </ButtonLink>
            </div>
          </div>
        </div>
      </header>
    </>
  );
}
