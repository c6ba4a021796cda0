// Loaded with the update banner (components/ui/update-banner.tsx), not with the entry that announces the update.

/**
 * Tells the waiting worker to take over (SKIP_WAITING) and reloads once it controls the page, so the page runs the
 * version its worker serves. It asks the registration for the waiting worker itself, now: the one waiting may be newer
 * than the one announced.
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
