import type { Db } from '../../db/connect';

/** The browsers the person turned push on in (when, not their endpoint or keys), for their data export (issue 37). */
export const pushSubscriptionsOf = (executor: Db, userId: string) =>
  executor('push_subscriptions').where({ user_id: userId }).orderBy('id').select<{ created_at: Date }[]>('created_at');

/** Forgets every browser the person turned push on in, when they are erased (issue 37). */
export const erasePushSubscriptions = (executor: Db, userId: string) =>
  executor('push_subscriptions').where({ user_id: userId }).del();
