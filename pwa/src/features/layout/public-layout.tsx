import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { ConnectionStatusOnceOffline } from '../../components/ui/connection-status-once-offline';
import { Spinner } from '../../components/ui/spinner';
import { SiteHeader } from './site-header';
import './public-layout.css';
import { ScrollRestoration } from '../../lib/hooks/scroll-restoration';
import { HydrateWhenVisible } from '../../lib/hydration/hydrate-when-visible';

// The footer is below the fold of every page and last in it: it loads after the first render (off the landing's
// first load), and appearing at the end it moves nothing that is already on screen. The chat button floats and shows
// only once the operator's config has arrived, so it waits as well.
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));
const ChatWidget = lazy(() => import('./chat-widget').then((module) => ({ default: module.ChatWidget })));

/** Header + page + footer for every public page; a page still loading its texts shows a spinner, not a blank. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="public-layout">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <ConnectionStatusOnceOffline />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="public-layout__loading">
              <Spinner label={t('loading')} size="lg" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <HydrateWhenVisible name="footer">
          <SiteFooter />
        </HydrateWhenVisible>
      </Suspense>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
      {/* A new page starts at its top; Back returns to where the visitor was. */}
      <ScrollRestoration />
    </div>
  );
}
