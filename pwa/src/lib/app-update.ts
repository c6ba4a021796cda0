import { useSyncExternalStore } from 'react';

// A new version of the app waits (its service worker installed, not active) until the person chooses to reload,
// so nothing swaps under a half-filled form. main.tsx hands over vite-plugin-pwa's update function.

let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker registration when a new version is installed and waiting. */
export function announceUpdate(update: (reloadPage?: boolean) => Promise<void>) {
  applyUpdate = update;
  listeners.forEach((listener) => listener());
}

export const useUpdateAvailable = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => applyUpdate !== null,
    () => false,
  );

/** Tells the waiting worker to take over (SKIP_WAITING); the page reloads once it controls it. */
export async function reloadIntoUpdate() {
  await applyUpdate?.(true);
}
