import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdatePrompt } from '../components/ui/update-prompt';
import { FALLBACK_LANGUAGE, isLanguageCode, type LanguageCode } from '../config/languages';
import { changeLanguage, i18n, initI18n } from '../lib/i18n/i18n';
import { AppProviders } from './providers';
import { AppRouter, preloadRoute, routeTexts } from './router';

/**
 * A language the visitor picked on a served first screen before React started (served, the menu shows English):
 * React's first render is then in it. One picked while React starts is handed over later (main.tsx).
 */
function languagePickedOnServedPage(): LanguageCode | undefined {
  const picked = document.querySelector<HTMLSelectElement>('[data-served-screen] select')?.value;
  return picked !== FALLBACK_LANGUAGE && isLanguageCode(picked) ? picked : undefined;
}

/**
 * React's first render replaces what index.html shows (the boot splash, or the landing's server-sent first
 * screen): it waits for the texts and the page's chunk, so it paints the same screen, not a fallback.
 */
export async function startApp() {
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
