import { isIP } from 'node:net';
import webpush from 'web-push';
import type { AppDeps } from '../../app-deps';
import type { PushPayload } from '../../contracts/notifications';
import { isPublicAddress, PrivateEndpointError } from './endpoint-guard';
import { vapidKeys } from './vapid-keys';

/** A push service keeps an undelivered message this long for a browser that is offline. */
const timeToLiveSeconds = 24 * 3_600;

/** A browser's push subscription: where to send and the keys to encrypt to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sent; or the browser is gone for good (404/410: forget its subscription); or its address is refused (no retry). */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/**
 * One message to one browser (RFC 8030), encrypted to the browser's keys (RFC 8291, aes128gcm) and signed with
 * the server's VAPID key (RFC 8292).
 */
export async function sendPushMessage(
  deps: AppDeps,
  { endpoint, p256dh, auth }: PushTarget,
  payload: PushPayload,
): Promise<PushOutcome> {
  // An IP literal never reaches the agent's DNS check.
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (deps.config.env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'off' && isIP(host) && !isPublicAddress(host)) return 'refused';
  const keys = await vapidKeys(deps);
  try {
    await webpush.sendNotification({ endpoint, keys: { p256dh, auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: timeToLiveSeconds,
      urgency: 'high',
      agent: deps.pushAgent,
      timeout: 15_000,
    });
    return 'sent';
  } catch (error) {
    // 404 and 410: the subscription expired or the person revoked it; it will never work again.
    if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    if (error instanceof PrivateEndpointError) return 'refused';
    throw error;
  }
}
