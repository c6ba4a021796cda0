import type { AppDeps } from '../../app-deps';
import type { PushSubscriptionInput } from '../../contracts/push-subscriptions';
import { badRequest } from '../../lib/domain-errors';
import { assertPublicHost, PrivateEndpointError } from './endpoint-guard';
import { pushSubscriptionsRepo } from './push-subscriptions.repo';

/** The browsers a signed-in person turns push on and off in. */
export function createPushService({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return {
    /** Push on for this browser; its endpoint must be a public address unless the operator allows private ones. */
    async subscribe(userId: string, subscription: PushSubscriptionInput) {
      if (config.env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'off') {
        // The server will call this address: one inside the operator's network would make it a proxy there.
        try {
          await assertPublicHost(new URL(subscription.endpoint).hostname);
        } catch (error) {
          throw badRequest(
            error instanceof PrivateEndpointError
              ? 'This push endpoint is not allowed: it is not a public address'
              : 'This push endpoint cannot be resolved',
          );
        }
      }
      await pushSubscriptionsRepo.save(db, userId, subscription, clock.now());
    },

    /** Push off for this browser; the number of subscriptions removed. */
    unsubscribe: (userId: string, endpoint: string) => pushSubscriptionsRepo.remove(db, userId, endpoint),
  };
}
