import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../lib/repeating-job';
import { forgetPushSubscription, sendPushMessage } from '../push/push.api';
import type { ClaimedDelivery } from './claimed-delivery';
import { deliveriesRepo } from './deliveries.repo';
import { sendNotificationEmail } from './email-channel';
import { sendDueDigests } from './operator-digest';
import { renderNotification } from './render';
import { maxAttempts, retryDelayMs } from './retry-policy';

/**
 * A claim lasts this long: a worker that dies holding one, or loses the database, lets another take it after that.
 * An SMTP mail may then repeat; an outbox mail cannot (see below).
 */
export const deliveryLeaseMs = 60_000;

/** A push delivery's title, body and link, in its reader's language, sent to its browser. */
function sendPushDelivery(deps: AppDeps, delivery: ClaimedDelivery) {
  const { title, body } = renderNotification(delivery.kind, delivery.params, delivery.language);
  return sendPushMessage(
    deps,
    { endpoint: delivery.endpoint!, p256dh: delivery.p256dh!, auth: delivery.auth! },
    { title, body, link: delivery.link },
  );
}

const channels: Record<ClaimedDelivery['channel'], (deps: AppDeps, d: ClaimedDelivery) => Promise<unknown>> = {
  email: sendNotificationEmail,
  push: sendPushDelivery,
};

/**
 * Sends the e-mails and push messages that are due. Deliveries are claimed (attempt counted, lease set) in a short
 * transaction with SKIP LOCKED, so replicas never take the same one; each is marked sent once the mail or push
 * service accepts it, or given a later try with back-off. Returns how many were sent and how many failed this round.
 */
export async function deliverDueNotifications(deps: AppDeps, batchSize = 20) {
  const { db, clock, logger } = deps;
  const now = clock.now();
  const claimed = await db.transaction((trx) =>
    deliveriesRepo.claimDue(trx, Object.keys(channels), now, batchSize, new Date(now.getTime() + deliveryLeaseMs)),
  );
  let sent = 0;
  let failed = 0;
  for (const delivery of claimed) {
    try {
      if (delivery.channel === 'email' && deps.mailer.sendsIntoDatabase) {
        // The outbox row and the mark commit together: a crash or a failover between them cannot mail twice.
        await db.transaction(async (trx) => {
          await sendNotificationEmail({ ...deps, db: trx }, delivery);
          await deliveriesRepo.markSent(trx, delivery.id, clock.now());
        });
        sent++;
        continue;
      }
      const outcome = await channels[delivery.channel](deps, delivery);
      if (outcome === 'gone') {
        // Deleting the subscription deletes its deliveries, this one included.
        await forgetPushSubscription(db, delivery.push_subscription_id!);
        continue;
      }
      if (outcome === 'refused') {
        failed++;
        await deliveriesRepo.markFailed(db, delivery.id, 'refused: the endpoint is not a public address');
        continue;
      }
      await deliveriesRepo.markSent(db, delivery.id, clock.now());
      sent++;
    } catch (error) {
      failed++;
      const attempts = Number(delivery.attempts);
      const message = error instanceof Error ? error.message : String(error);
      logger.warn(
        { deliveryId: delivery.id, channel: delivery.channel, attempts, err: message },
        'notification delivery failed; will retry',
      );
      await deliveriesRepo.recordFailedTry(
        db,
        delivery.id,
        attempts >= maxAttempts
          ? { status: 'failed' }
          : { next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(attempts)) },
        message,
      );
    }
  }
  return { sent, failed };
}

/** Sends due notifications and operator digests every few seconds, in `npm start` and `npm run jobs`; safe on every replica. */
export function scheduleNotificationDelivery(deps: AppDeps, intervalMs = 5_000) {
  return repeatEvery('notification delivery', intervalMs, deps.logger, async () => {
    // A backlog drains in batches, at most 50 a tick; the next tick takes the rest.
    for (let round = 0; round < 50; round++) {
      const { sent, failed } = await deliverDueNotifications(deps);
      if (sent > 0) deps.logger.info({ sent }, 'notifications sent');
      if (sent === 0 || failed > 0) break;
    }
    const digests = await sendDueDigests(deps);
    if (digests > 0) deps.logger.info({ digests }, 'operator digests sent');
  });
}
