import { apiDelete, apiGet, apiPost } from '../api-client';
import { isIosSafariBrowser } from '../install-and-update/ios-safari';

/**
 * Where this browser stands with push: `unsupported` (no Push API), `install-first` (iPhone Safari shows push only
 * for an app added to the home screen), `blocked` (the person refused permission; only the browser's settings can
 * undo it), `off` or `on` (this browser has a subscription).
 */
export type PushState = 'unsupported' | 'install-first' | 'blocked' | 'off' | 'on';

const hasPushApi = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker, which shows the notifications; it may still be installing on a first visit. */
function registration() {
  return new Promise<ServiceWorkerRegistration>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the app is still installing in this browser; try again soon')),
      15_000,
    );
    void navigator.serviceWorker.ready.then((ready) => {
      clearTimeout(timer);
      resolve(ready);
    });
  });
}

export async function pushState(): Promise<PushState> {
  if (!hasPushApi()) return isIosSafariBrowser() ? 'install-first' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  // Not waiting for `ready`: a worker still installing (or none yet) means push is off for now.
  const existing = await navigator.serviceWorker.getRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

const keyBytes = (base64Url: string) => {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/**
 * Asks permission (only ever from a press of "Turn on notifications"), subscribes this browser with the server's
 * VAPID key and gives the subscription to the API. A subscription made with an older key is replaced.
 */
export async function turnOnPush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await apiGet<{ publicKey: string }>('push/public-key');
  const manager = (await registration()).pushManager;
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await manager.getSubscription();
  const sameKey =
    subscription?.options.applicationServerKey &&
    new Uint8Array(subscription.options.applicationServerKey).join() === applicationServerKey.join();
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await apiPost('push-subscriptions', subscription.toJSON());
  return 'on';
}

/** Stops push to this browser: the server forgets it and the browser drops the subscription. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await apiDelete('push-subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
