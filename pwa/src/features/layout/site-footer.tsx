import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDeferredOperatorConfig, useSiteName } from '../../lib/operator-config/operator-config-deferred';
import { InstallApp } from '../../components/ui/install-app';
import './site-footer.css';

// The form (ky, the text field) sits at the foot of every page: it loads after the first render, off the landing's
// first load. The placeholder keeps the form's height.
const NewsletterForm = lazy(() => import('./newsletter-form').then((form) => ({ default: form.NewsletterForm })));

// One element for every render of the footer: on a page rendered at build time the form may still be waiting for its
// code when the footer re-renders (the operator's config arriving). A new element would count as an update to the
// form's not-yet-hydrated HTML, and React would render the form anew, dropping what the visitor had typed.
const newsletterForm = (
  <Suspense fallback={<div className="newsletter newsletter--loading" />}>
    <NewsletterForm />
  </Suspense>
);

const companyLinks = [
  { to: paths.aboutUs, key: 'nav.about' },
  { to: paths.services, key: 'nav.services' },
  { to: paths.portfolio, key: 'nav.portfolio' },
  { to: paths.contact, key: 'nav.contact' },
] as const;

const accountLinks = [
  { to: paths.signIn, key: 'nav.signIn' },
  { to: paths.signUp, key: 'nav.register' },
  // The spec's footer 'Pay' link leads to the admin login.
  { to: paths.adminLogin, key: 'footer.pay' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('common');
  const config = useDeferredOperatorConfig();
  const siteName = useSiteName(t('siteNameFallback'));

  return (
    <footer className="site-footer on-dark">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__title">
            {siteName}
          </h2>
          <p>{t('footer.about')}</p>
          {config?.supportEmail && (
            <p>
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </p>
          )}
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__title">
            {t('footer.company')}
          </h2>
          <ul className="site-footer__links">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="site-footer__title">
            {t('footer.account')}
          </h2>
          <ul className="site-footer__links">
            {accountLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="site-footer__title">
            {t('footer.newsletterTitle')}
          </h2>
          <p>{t('footer.newsletterText')}</p>
          {newsletterForm}
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.rights', { year: new Date().getFullYear(), siteName })}</p>
        <p>{t('footer.placeholderNotice')}</p>
        <InstallApp />
      </div>
    </footer>
  );
}
