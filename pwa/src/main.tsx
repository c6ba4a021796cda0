import { announceUpdate } from './lib/install-and-update/app-update';
import { registerServiceWorker } from './lib/install-and-update/register-service-worker';
import { addPreloadsAfterPaint } from './lib/hydration/after-paint-preloads';
import { armEarlySubmits, keepEarlyInputFromReact } from './lib/hydration/early-submit';
import { warmIntlOffMainThread } from './lib/intl-warmup';
import { keepPageTextsOffline } from './lib/i18n/page-texts';
import { keepServedAnswersOffline } from './lib/served-answers';
// Listens for Chromium's one-time install offer from the start; the footer's Install button, which uses it, loads later.
import './lib/install-and-update/install-prompt';
// The landing's and sign-in's first screens come with the entry's styles, inlined in the HTML (inline-entry-css-plugin).
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/button.css';
import './features/layout/public-layout.css';
import './features/layout/site-header.css';
import './features/home/components/hero-section.css';
import './features/home/components/hero-carousel.css';
import './components/ui/field.css';
import './features/auth/components/auth.css';

// A new version waits for the person's 'Reload' (UpdatePrompt) instead of swapping under them. Only the build has a
// service worker (vite-plugin-pwa builds it; `npm run dev` serves none).
if (import.meta.env.PROD) void registerServiceWorker(announceUpdate);

/** Resolves once the browser has painted what it has: the next frame, then a task after it. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs React's module code (react-dom is most of the app's start-up script) in a task of its own before the app's:
 * a browser runs a whole module graph in one task, and on a phone the app's graph in one piece is a long task a tap
 * waits behind. It is already fetched (module preload); this only splits its evaluation. Libraries imported whole
 * here would lose their tree-shaking, so only react-dom, which the app uses whole anyway, is split off.
 */
async function evaluateReactFirst() {
  await import('react-dom/client');
  await nextTask();
}

async function boot() {
  warmIntlOffMainThread(document.documentElement.lang || navigator.language);
  if (document.documentElement.hasAttribute('data-prerendered')) {
    armEarlySubmits(document);
    keepEarlyInputFromReact(document);
    await afterNextPaint();
    addPreloadsAfterPaint();
    await evaluateReactFirst();
  }
  const { startApp } = await import('./app/start');
  await startApp();
  keepServedAnswersOffline();
  keepPageTextsOffline();
}

void boot();
