/** Chromium's install prompt event (not in the DOM library's types). */
type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// Listened for from the first script run: the browser may fire it before any component mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own Install button offers it, instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** For useSyncExternalStore (components/ui/install-app.tsx): React stays out of the entry, which loads this. */
export function subscribeToInstallOffer(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True where the browser has offered to install the app (Chromium's beforeinstallprompt). */
export const installIsOffered = () => deferred !== null;

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall() {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
}
