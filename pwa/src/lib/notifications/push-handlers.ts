import type { PushPayload } from '../../../../api/contracts/notifications';

// What the service worker does with a push message and with a tap on its notification; kept apart from sw.ts so
// it can be tested without a worker.

/** The fields the server sends, or undefined for anything else (an empty or foreign message shows nothing invented). */
export function readPushPayload(data: { json(): unknown } | null | undefined): PushPayload | undefined {
  if (!data) return undefined;
  let value: unknown;
  try {
    value = data.json();
  } catch {
    return undefined;
  }
  const payload = value as Partial<PushPayload> | null;
  if (typeof payload?.title !== 'string' || typeof payload.body !== 'string' || typeof payload.link !== 'string')
    return undefined;
  // Only the app's own pages: a link is a path, never another site.
  if (!payload.link.startsWith('/') || payload.link.startsWith('//')) return undefined;
  return { title: payload.title, body: payload.body, link: payload.link };
}

interface NotifyingRegistration {
  showNotification(title: string, options: NotificationOptions): Promise<void>;
}

export const showPushNotification = (registration: NotifyingRegistration, payload: PushPayload) =>
  registration.showNotification(payload.title, {
    body: payload.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { link: payload.link },
  });

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/** A tap opens the notification's page: in an open window of the app if there is one, otherwise in a new one. */
export async function openNotificationLink(clients: ClientsLike, origin: string, data: unknown) {
  const link = (data as { link?: unknown } | null)?.link;
  const path = typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
  const url = new URL(path, origin).href;
  const open = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === origin,
  );
  const window = open[0];
  if (!window) return clients.openWindow(url);
  // A browser may refuse focus (no user activation to spend); the page still goes to the link.
  await window.focus().catch(() => undefined);
  return window.navigate(url);
}
