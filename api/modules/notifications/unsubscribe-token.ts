import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationCategories, type NotificationCategory } from '../../contracts/notifications';

// A one-click unsubscribe link (RFC 8058) names a person and a category and is signed with the server's secret, so
// it needs no sign-in and cannot be forged or pointed at someone else.

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, category: NotificationCategory) {
  const payload = `${userId}.${category}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The person and category a token names; undefined for anything not signed by us. */
export function readUnsubscribeToken(secret: string, token: string) {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [userId, category, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(secret, `${userId}.${category}`));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
  if (!notificationCategories.includes(category as NotificationCategory)) return undefined;
  return { userId, category: category as NotificationCategory };
}
