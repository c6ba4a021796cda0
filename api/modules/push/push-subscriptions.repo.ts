import type { Db } from '../../db/connect';
import type { PushSubscriptionInput } from '../../contracts/push-subscriptions';
import { lockUser } from '../identity/user-tables.api';

/** A person keeps push on in at most this many browsers; a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushSubscriptionsRepo = {
  /** Stores a browser's subscription for `userId`; the same browser signed in as someone else now notifies them. */
  async save(db: Db, userId: string, subscription: PushSubscriptionInput, at: Date) {
    await db.transaction(async (trx) => {
      // Serialises one person's saves, so two browsers subscribing at once cannot both keep an eleventh row.
      await lockUser(trx, userId);
      await trx('push_subscriptions')
        .insert({
          user_id: userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          created_at: at,
        })
        .onConflict('endpoint')
        .merge(['user_id', 'p256dh', 'auth', 'created_at']);
      const beyondLimit = trx('push_subscriptions')
        .where({ user_id: userId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .offset(MAX_PUSH_SUBSCRIPTIONS)
        .select('id');
      await trx('push_subscriptions').whereIn('id', beyondLimit).delete();
    });
  },

  remove: (db: Db, userId: string, endpoint: string) =>
    db('push_subscriptions').where({ user_id: userId, endpoint }).delete(),

  /** A push service said the subscription is gone (404/410): the browser unsubscribed or the app was removed. */
  removeGone: (db: Db, id: string) => db('push_subscriptions').where({ id }).delete(),

  /** Each person's browsers, by person. */
  async idsByUser(db: Db, userIds: string[]) {
    const byUser = new Map<string, string[]>();
    if (userIds.length === 0) return byUser;
    const rows: Array<{ id: string; user_id: string }> = await db('push_subscriptions')
      .whereIn('user_id', userIds)
      .orderBy('id')
      .select('id', 'user_id');
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
    return byUser;
  },
};
