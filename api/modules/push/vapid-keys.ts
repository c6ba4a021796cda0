import webpush from 'web-push';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/connect';
import { findVapidKeys, storeVapidKeysOnce } from './server-keys.repo';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair (RFC 8292): `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` when set, otherwise a pair made on
 * the first start and kept in the database, so every replica and every restart signs with the same key (browsers
 * bind a subscription to the public key it was made with).
 */
export function vapidKeys({ db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>): Promise<VapidKeys> {
  const subject = config.env.VAPID_SUBJECT ?? `mailto:${config.operator.supportEmail}`;
  if (config.env.VAPID_PUBLIC_KEY && config.env.VAPID_PRIVATE_KEY) {
    return Promise.resolve({
      publicKey: config.env.VAPID_PUBLIC_KEY,
      privateKey: config.env.VAPID_PRIVATE_KEY,
      subject,
    });
  }
  let keys = loaded.get(db);
  if (!keys) {
    keys = (async () => {
      const made = webpush.generateVAPIDKeys();
      // Replicas starting together each make a pair; the first insert wins and all read it back.
      await storeVapidKeysOnce(db, made, clock.now());
      return { ...(await findVapidKeys(db)), subject };
    })();
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}
