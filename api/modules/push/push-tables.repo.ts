import type { Db } from '../../db/connect';

/** A browser's push subscription beside a delivery, for the delivery's claim. */
export const pushSubscriptionsQuery = (executor: Db) =>
  executor('push_subscriptions').select('id', 'endpoint', 'p256dh', 'auth');
