import type { Db } from '../../db/connect';
import { pushSubscriptionsRepo } from './push-subscriptions.repo';

// What other modules use of push: the browsers a person turned push on in, and sending to one of them.
export { sendPushMessage, type PushOutcome, type PushTarget } from './push-channel';

/** The ids of the browsers each of `userIds` turned push on in, by person, in one query. */
export const pushSubscriptionIdsByUser = (db: Db, userIds: string[]) => pushSubscriptionsRepo.idsByUser(db, userIds);

/** Forgets a browser its push service called gone (404/410); deleting it deletes its deliveries too. */
export const forgetPushSubscription = (db: Db, id: string) => pushSubscriptionsRepo.removeGone(db, id);

export { erasePushSubscriptions, pushSubscriptionsOf } from './erasure.repo';
