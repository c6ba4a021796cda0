/**
 * Registers the service worker (pwa/src/sw.ts, built to /sw.js) and calls `onUpdateWaiting` when a new version is
 * installed and waits for the person's 'Reload' (UpdatePrompt; reload-into-update.ts makes it take over). In the
 * entry, a few lines instead of workbox-window and vite-plugin-pwa's register module (2.8 KB gzipped in two more
 * requests on every first visit): all the app used of them was "a new worker is waiting".
 */
export function registerServiceWorker(
  onUpdateWaiting: () => void,
  serviceWorkers: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  if (!serviceWorkers) return Promise.resolve();
  // A worker waiting while an older one controls the page is an update; the very first install is not (it takes
  // control at once, sw.ts's clientsClaim).
  const announceIfWaiting = (registration: ServiceWorkerRegistration) => {
    if (registration.waiting && serviceWorkers.controller) onUpdateWaiting();
  };
  return serviceWorkers.register('/sw.js', { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // None: a browser that stubs registration out (automation blocking service workers).
      if (!registration) return;
      // Installed by another tab, or before this page loaded.
      announceIfWaiting(registration);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') announceIfWaiting(registration);
        });
      });
    },
    // No worker (private mode, blocked): the site works online without one.
    () => undefined,
  );
}
