import type { Db } from '../../db/connect';
import { pushSubscriptionsRepo } from './push-subscriptions.repo';

// What other modules use of push: the browsers a person turned push on in, and sending to one of them.
export { sendPushMessage, type PushOutcome, type PushTarget } from './push-channel';

/** The ids of the browsers `userId` turned push on in. */
export const pushSubscriptionIdsOf = (db: Db, userId: string) => pushSubscriptionsRepo.idsOf(db, userId);

/** Forgets a browser its push service called gone (404/410); deleting it deletes its deliveries too. */
export const forgetPushSubscription = (db: Db, id: string) => pushSubscriptionsRepo.removeGone(db, id);
