import type { AppDeps } from '../../app-deps';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../contracts/push-subscriptions';
import { badRequest } from '../../lib/domain-errors';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { assertPublicHost, PrivateEndpointError } from './endpoint-guard';
import { pushSubscriptionsRepo } from './push-subscriptions.repo';
import { vapidKeys } from './vapid-keys';

export function registerPushRoutes(api: ApiRouter, deps: AppDeps) {
  const { db, clock, config } = deps;

  // The key a browser subscribes with; public by nature (it is in every subscription request).
  api.add('get', '/api/push/public-key', 'public', async (ctx) => {
    ctx.body = { publicKey: (await vapidKeys(deps)).publicKey };
  });

  api.add('post', '/api/push-subscriptions', 'signed-in', async (ctx) => {
    const subscription = parseOrThrow(pushSubscriptionSchema, ctx.request.body);
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
    await pushSubscriptionsRepo.save(db, ctx.state.auth!.userId, subscription, clock.now());
    ctx.status = 201;
    ctx.body = { message: 'Notifications are on for this browser' };
  });

  api.add('delete', '/api/push-subscriptions', 'signed-in', async (ctx) => {
    const { endpoint } = parseOrThrow(pushEndpointSchema, ctx.request.body);
    const removed = await pushSubscriptionsRepo.remove(db, ctx.state.auth!.userId, endpoint);
    ctx.body = { message: 'Notifications are off for this browser', removed };
  });
}
