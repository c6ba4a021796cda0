import { p256 } from '@noble/curves/nist.js';
import { z } from 'zod';
import { safeString } from './input-rules';

// Apart from notifications.ts, which the PWA imports: only the API checks subscriptions, so the P-256 code stays
// out of the PWA's bundle.

/** base64url without padding, as `PushSubscription.toJSON()` writes keys; null when the text is not base64url. */
function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
}

/**
 * The browser's ECDH key (RFC 8291): an uncompressed point (0x04, x, y) that lies on P-256. A key that is not one
 * would be stored and then fail every delivery, so it is refused when the browser subscribes.
 */
export function isP256PublicKey(bytes: Uint8Array) {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    p256.Point.fromBytes(bytes).assertValidity();
    return true;
  } catch {
    return false;
  }
}

/** A key in base64url (trailing `=` dropped) whose bytes pass `check`. */
const base64UrlKey = (check: (bytes: Uint8Array) => boolean, message: string) =>
  safeString()
    .max(200)
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => {
      const bytes = base64UrlBytes(value);
      return bytes !== null && check(bytes);
    }, message);

/**
 * POST /api/push-subscriptions: the browser's `PushSubscription.toJSON()`. Whether the endpoint may be called (https,
 * not a private address) is checked by the API before it is stored.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: safeString()
      .max(2048)
      .pipe(z.url({ protocol: /^https$/, error: 'must be an https URL' })),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64UrlKey(
          isP256PublicKey,
          'must be a public key on the P-256 curve, uncompressed (65 bytes), in base64url',
        ),
        auth: base64UrlKey((bytes) => bytes.length === 16, 'must be a 16-byte auth secret in base64url'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push-subscriptions: this browser's endpoint. */
export const pushEndpointSchema = z.object({ endpoint: safeString().max(2048) }).strict();
