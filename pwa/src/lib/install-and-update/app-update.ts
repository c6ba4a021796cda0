// A new version of the app waits (its service worker installed, not active) until the person chooses to reload,
// so nothing swaps under a half-filled form. main.tsx announces it when the registration sees one waiting.

let updateWaiting = false;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version is installed and waiting. */
export function announceUpdate() {
  updateWaiting = true;
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore (components/ui/update-prompt.tsx): React stays out of the entry, which loads this. */
export function subscribeToUpdate(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const updateIsWaiting = () => updateWaiting;
