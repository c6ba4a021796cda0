import { isIP } from 'node:net';
import webpush from 'web-push';
import type { AppDeps } from '../../app-deps';
import type { PushPayload } from '../../contracts/notifications';
import type { ClaimedDelivery, DeliveryOutcome } from '../notifications/claimed-delivery';
import { renderNotification } from '../notifications/render';
import { isPublicAddress, PrivateEndpointError } from './endpoint-guard';
import { vapidKeys } from './vapid-keys';

/** A push service keeps an undelivered message this long for a browser that is offline. */
const timeToLiveSeconds = 24 * 3_600;

/**
 * One notification to one browser (RFC 8030), encrypted to the browser's keys (RFC 8291, aes128gcm) and signed with
 * the server's VAPID key (RFC 8292). The payload is the title, body and link, in the reader's language.
 */
export async function sendPushMessage(deps: AppDeps, delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
  const { title, body } = renderNotification(delivery.kind, delivery.params, delivery.language);
  const payload: PushPayload = { title, body, link: delivery.link };
  const endpoint = delivery.endpoint!;
  // An IP literal never reaches the agent's DNS check.
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (deps.config.env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'off' && isIP(host) && !isPublicAddress(host)) return 'refused';
  const keys = await vapidKeys(deps);
  try {
    await webpush.sendNotification(
      { endpoint, keys: { p256dh: delivery.p256dh!, auth: delivery.auth! } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: timeToLiveSeconds,
        urgency: 'high',
        agent: deps.pushAgent,
        timeout: 15_000,
      },
    );
    return 'sent';
  } catch (error) {
    // 404 and 410: the subscription expired or the person revoked it; it will never work again.
    if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    if (error instanceof PrivateEndpointError) return 'refused';
    throw error;
  }
}
