import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { reactListens } from '../lib/hydration/early-submit';
import { initI18n } from '../lib/i18n/i18n';
import { App } from './app';
import { preloadRoute, routeTexts } from './router';

/**
 * React's first render waits for the texts and the page's chunk, so it paints the page, not a fallback. A page
 * rendered at build time (data-prerendered) is hydrated: React adopts its HTML, with what the visitor typed and
 * where the focus is, instead of replacing it.
 */
export async function startApp() {
  await Promise.all([
    initI18n(routeTexts(window.location.pathname)),
    preloadRoute(window.location.pathname).catch(() => undefined),
  ]).catch(() => undefined);
  const container = document.getElementById('root')!;
  const app = <App Router={BrowserRouter} />;
  // A transition renders (and hydrates) in slices that yield to the browser every few milliseconds, instead of one
  // long task that would keep a tap waiting.
  if (document.documentElement.hasAttribute('data-prerendered')) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    reactListens();
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
