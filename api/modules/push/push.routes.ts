import type { AppDeps } from '../../app-deps';
import { pushEndpointSchema, pushSubscriptionSchema } from '../../contracts/push-subscriptions';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';
import { createPushService } from './push.service';
import { vapidKeys } from './vapid-keys';

export function registerPushRoutes(api: ApiRouter, deps: AppDeps) {
  const push = createPushService(deps);

  // The key a browser subscribes with; public by nature (it is in every subscription request).
  api.add('get', '/api/push/public-key', 'public', async (ctx) => {
    ctx.body = { publicKey: (await vapidKeys(deps)).publicKey };
  });

  api.add('post', '/api/push-subscriptions', 'signed-in', async (ctx) => {
    const subscription = parseOrThrow(pushSubscriptionSchema, ctx.request.body);
    await push.subscribe(ctx.state.auth!.userId, subscription);
    ctx.status = 201;
    ctx.body = { message: 'Notifications are on for this browser' };
  });

  api.add('delete', '/api/push-subscriptions', 'signed-in', async (ctx) => {
    const { endpoint } = parseOrThrow(pushEndpointSchema, ctx.request.body);
    const removed = await push.unsubscribe(ctx.state.auth!.userId, endpoint);
    ctx.body = { message: 'Notifications are off for this browser', removed };
  });
}
