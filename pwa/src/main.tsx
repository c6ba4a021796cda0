import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadRoute, routeTexts } from './app/router';
import { UpdatePrompt } from './components/ui/update-prompt';
import { announceUpdate } from './lib/app-update';
// Listens for Chromium's one-time install offer from the start; the footer's Install button, which uses it, loads later.
import './lib/install-prompt';
import { changeLanguage, i18n, initI18n } from './lib/i18n';
import { isLanguageCode, type LanguageCode } from './config/languages';
// The landing's first screen is server-sent HTML (pwa/landing-shell.html): its styles ship with the entry.
import './features/home/components/hero-section.css';
import './features/home/components/hero-carousel.css';
import './styles/tokens.css';
import './styles/base.css';

// A new version waits for the person's 'Reload' (UpdatePrompt) instead of swapping under them. The registration
// comes from its own chunk, fetched beside the texts at start-up: it is not on the landing's first load.
void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true, onNeedRefresh: announceUpdate }));

/**
 * A language the visitor picked on the served landing before React took over (the served menu marks English
 * as its default): React would otherwise replace the screen and lose the choice.
 */
function languagePickedOnServedPage(): LanguageCode | undefined {
  const select = document.querySelector<HTMLSelectElement>('[data-landing-shell] select');
  const chosen = select?.selectedOptions[0];
  return chosen && !chosen.defaultSelected && isLanguageCode(chosen.value) ? chosen.value : undefined;
}

/**
 * React's first render replaces what index.html shows (the boot splash, or the landing's server-sent first
 * screen): it waits for the texts and the page's chunk, so it paints the same screen, not a fallback.
 */
async function start() {
  await Promise.all([
    initI18n(routeTexts(window.location.pathname)),
    preloadRoute(window.location.pathname).catch(() => undefined),
  ]).catch(() => undefined);
  const picked = languagePickedOnServedPage();
  if (picked && picked !== i18n.language) await changeLanguage(picked).catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser every few milliseconds, instead of one long task
  // that would keep a tap on the served first screen waiting; the screen stays as served until React commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
          <UpdatePrompt />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
