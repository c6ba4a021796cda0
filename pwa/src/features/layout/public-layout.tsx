import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { ChatWidget } from './chat-widget';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './public-layout.css';

/** Header + page + footer for every public page; a page still loading its texts shows a spinner, not a blank. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="public-layout">
      <a href="#main" className="skip-link">{t('skipToContent')}</a>
      <SiteHeader />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Suspense fallback={<div className="public-layout__loading"><Spinner label={t('loading')} size="lg" /></div>}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ChatWidget />
      {/* A new page starts at its top; Back returns to where the visitor was. */}
      <ScrollRestoration />
    </div>
  );
}
