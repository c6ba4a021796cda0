import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  openNotificationLink,
  readPushPayload,
  showPushNotification,
  type ClientsLike,
} from './lib/notifications/push-handlers';
import { replayFromServiceWorker, SENT_MESSAGE, SYNC_TAG, type SentMessage } from './lib/outbox/background-sync';
import { writeCopy } from './lib/offline/db';
import { isSavePublicCopyMessage } from './lib/offline/public-copy';

// The service worker (vite-plugin-pwa injectManifest): the precache and navigation fallback that generateSW made
// before, plus Background Sync for the receipt outbox. Only the few worker types used here are declared, so the
// project keeps the DOM library alone.
type SyncEvent = Event & { tag: string; lastChance?: boolean; waitUntil(promise: Promise<unknown>): void };
type PushEvent = Event & { data: { json(): unknown } | null; waitUntil(promise: Promise<unknown>): void };
type NotificationEvent = Event & { notification: Notification; waitUntil(promise: Promise<unknown>): void };
type ExtendableMessageEvent = MessageEvent & { waitUntil(promise: Promise<unknown>): void };
type WorkerScope = {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  navigator: Navigator;
  fetch: typeof fetch;
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: ClientsLike & {
    matchAll(options: { type: 'window' }): Promise<Array<{ postMessage(message: SentMessage): void }>>;
  };
};
const worker = self as unknown as WorkerScope;

// The first install controls the page at once (the offline tests rely on it). A new version waits until the page
// asks it to take over (the person pressed Reload on "Update available"), so nothing swaps under a form.
clientsClaim();
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});
// The pages' copies of public data (plans, prices) and texts for offline visits, written here so the landing needs
// no Dexie.
worker.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (isSavePublicCopyMessage(message))
    event.waitUntil(writeCopy(message.store, message.key, message.data, message.savedAt));
});

// Written out as self.__WB_MANIFEST: the build replaces exactly that text with the list of files.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// Any page of the app opens offline from the precached shell; the API is never answered from the cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

worker.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  const locks = worker.navigator.locks ?? null;
  event.waitUntil(
    replayFromServiceWorker({
      fetch: (input, init) => worker.fetch(input, init),
      locks,
      // An open page shows the receipt as uploaded and refreshes the investor's figures.
      onSent: (id) =>
        void worker.clients
          .matchAll({ type: 'window' })
          .then((pages) => pages.forEach((page) => page.postMessage({ type: SENT_MESSAGE, id }))),
    }).then((outcome) => {
      // A rejected promise makes the browser fire 'sync' again later, with its own backoff.
      if (outcome === 'retry' && !event.lastChance) throw new Error('Receipts are still waiting to upload');
    }),
  );
});

// Web Push: the server's message (title, body, link) becomes a notification; a tap opens its page.
worker.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  if (payload) event.waitUntil(showPushNotification(worker.registration, payload));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationLink(worker.clients, worker.location.origin, event.notification.data));
});
