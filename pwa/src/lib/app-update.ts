import { useSyncExternalStore } from 'react';

// A new version of the app waits (its service worker installed, not active) until the person chooses to reload,
// so nothing swaps under a half-filled form. main.tsx announces it when the registration sees one waiting.

let updateWaiting = false;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version is installed and waiting. */
export function announceUpdate() {
  updateWaiting = true;
  listeners.forEach((listener) => listener());
}

export const useUpdateAvailable = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );

/**
 * Tells the waiting worker to take over (SKIP_WAITING) and reloads once it controls the page, so the page runs the
 * version its worker serves. It asks the registration for the waiting worker itself rather than trusting what
 * workbox-window tracked: a worker installed while the page was loading can be one workbox-window never saw.
 */
export async function reloadIntoUpdate(
  serviceWorkers: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
) {
  const waiting = (await serviceWorkers.getRegistration())?.waiting;
  if (!waiting) return reload();
  serviceWorkers.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
