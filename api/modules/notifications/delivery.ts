import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../lib/repeating-job';
import { sendPushMessage } from '../push/push-channel';
import type { ClaimedDelivery } from './claimed-delivery';
import { sendNotificationEmail } from './email-channel';
import { sendDueDigests } from './operator-digest';
import { maxAttempts, retryDelayMs } from './retry-policy';

/** A claim lasts this long: a worker that dies holding one lets another take it after that (the message may repeat). */
const leaseMs = 60_000;

const channels: Record<ClaimedDelivery['channel'], (deps: AppDeps, d: ClaimedDelivery) => Promise<unknown>> = {
  email: sendNotificationEmail,
  push: sendPushMessage,
};

/**
 * Sends the e-mails and push messages that are due. Deliveries are claimed (attempt counted, lease set) in a short
 * transaction with SKIP LOCKED, so replicas never take the same one; each is marked sent once the mail or push
 * service accepts it, or given a later try with back-off. Returns how many were sent and how many failed this round.
 */
export async function deliverDueNotifications(deps: AppDeps, batchSize = 20) {
  const { db, clock, logger } = deps;
  const now = clock.now();
  const claimed = await db.transaction(async (trx) => {
    const due = await trx('notification_deliveries')
      .where({ status: 'pending' })
      .whereIn('channel', Object.keys(channels))
      .andWhere('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .pluck('id');
    if (due.length === 0) return [];
    await trx('notification_deliveries')
      .whereIn('id', due)
      .update({ attempts: trx.raw('attempts + 1'), next_attempt_at: new Date(now.getTime() + leaseMs) });
    return trx('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .join('users as u', 'u.id', 'n.user_id')
      .leftJoin('push_subscriptions as p', 'p.id', 'd.push_subscription_id')
      .whereIn('d.id', due)
      .select<ClaimedDelivery[]>(
        'd.id',
        'd.channel',
        'd.attempts',
        'n.kind',
        'n.params',
        'n.link',
        'n.user_id',
        'u.email',
        'u.language',
        'd.push_subscription_id',
        'p.endpoint',
        'p.p256dh',
        'p.auth',
      );
  });
  let sent = 0;
  let failed = 0;
  for (const delivery of claimed) {
    try {
      const outcome = await channels[delivery.channel](deps, delivery);
      if (outcome === 'gone') {
        // Deleting the subscription deletes its deliveries, this one included.
        await db('push_subscriptions').where({ id: delivery.push_subscription_id }).delete();
        continue;
      }
      if (outcome === 'refused') {
        failed++;
        await db('notification_deliveries')
          .where({ id: delivery.id })
          .update({ status: 'failed', last_error: 'refused: the endpoint is not a public address' });
        continue;
      }
      await db('notification_deliveries')
        .where({ id: delivery.id })
        .update({ status: 'sent', sent_at: clock.now(), last_error: null });
      sent++;
    } catch (error) {
      failed++;
      const attempts = Number(delivery.attempts);
      const message = error instanceof Error ? error.message : String(error);
      logger.warn(
        { deliveryId: delivery.id, channel: delivery.channel, attempts, err: message },
        'notification delivery failed; will retry',
      );
      await db('notification_deliveries')
        .where({ id: delivery.id })
        .update(
          attempts >= maxAttempts
            ? { status: 'failed', last_error: message }
            : { next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(attempts)), last_error: message },
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
