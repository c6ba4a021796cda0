import { announceUpdate } from './lib/app-update';
// Listens for Chromium's one-time install offer from the start; the footer's Install button, which uses it, loads later.
import './lib/install-prompt';
import { handOverToReact, offerEveryLanguage, servedScreen, visitorArrives } from './lib/served-screen';
// The landing's and sign-in's first screens are server-sent HTML (pwa/served-screens/): their styles ship with the entry.
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/button.css';
import './features/layout/public-layout.css';
import './features/layout/site-header.css';
import './features/home/components/hero-section.css';
import './features/home/components/hero-carousel.css';
import './components/ui/field.css';
import './features/auth/components/auth.css';

// A new version waits for the person's 'Reload' (UpdatePrompt) instead of swapping under them. The registration
// comes from its own chunk, fetched beside the app at start-up.
void import('virtual:pwa-register').then(({ registerSW }) =>
  registerSW({ immediate: true, onNeedRefresh: announceUpdate }),
);

/**
 * The app (React, the router, the texts) starts at once, except on a page served with its first screen as HTML to
 * English readers (the landing, sign-in): that screen is already there and its links work, so React starts when
 * the visitor shows up (a touch, a key, the mouse, a scroll, a field filled) and then takes over what they did.
 * A phone that only reads the hero and taps Sign In never runs the landing's React.
 */
async function boot() {
  const screen = servedScreen(document);
  const handOver = screen && handOverToReact(screen);
  if (screen) {
    await visitorArrives(window, screen);
    offerEveryLanguage(screen);
  }
  const { startApp } = await import('./app/start');
  await startApp();
  await handOver?.afterReactTakesOver(document.getElementById('root')!);
}

void boot();
