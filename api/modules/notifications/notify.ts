import type { Knex } from 'knex';
import { categoryOf, type NotificationKind } from '../../contracts/notifications';
import { pushSubscriptionIdsByUser } from '../push/push.api';
import { deliveriesRepo, type NewDelivery } from './deliveries.repo';
import { notificationsRepo } from './notifications.repo';
import { preferencesRepo } from './preferences.repo';

export interface NotificationEvent {
  userId: string;
  kind: NotificationKind;
  /** What the texts need: amounts in cents (`amountCents`), coin ids, plan names, reasons. */
  params: Record<string, string | number | null>;
  /** The app page that shows the event. */
  link: string;
  /** Names the event once (`receipt-confirmed:<id>`): code that runs twice for one event notifies once. */
  eventKey: string;
  at: Date;
}

/**
 * Records a notification and its deliveries: e-mail (operators' notices go into their digest) and push to each
 * browser the person turned it on in, as far as the person's choices for that category allow. Call it inside the
 * transaction of the money event itself: the notification commits with the event or not at all, and the delivery
 * worker sends it only after the commit.
 */
export async function notify(trx: Knex, event: NotificationEvent) {
  await notifyEach(trx, [event]);
}

/**
 * Many events as `notify` records one, in at most four statements whatever their number (the chain watcher
 * tells of every payment in a batch of blocks at once). `sharedKey` groups the admins' copies of one notice.
 */
export async function notifyEach(trx: Knex, events: Array<NotificationEvent & { sharedKey?: string }>) {
  if (events.length === 0) return;
  const ids = await notificationsRepo.insertOnce(
    trx,
    events.map((event) => ({ ...event, sharedKey: event.sharedKey ?? null })),
  );
  // One event named twice in the list is recorded once.
  const recorded = [...new Map(events.map((event) => [event.eventKey, event])).values()].filter((event) =>
    ids.has(event.eventKey),
  );
  if (recorded.length === 0) return;
  // Chosen when the event happens: turning a channel off stops the messages of later events.
  const channels = await preferencesRepo.channelsFor(
    trx,
    recorded.map((event) => ({ userId: event.userId, category: categoryOf(event.kind) })),
  );
  const wantsPush = recorded.filter((event) => channels(event.userId, categoryOf(event.kind)).push);
  const browsers = await pushSubscriptionIdsByUser(trx, [...new Set(wantsPush.map((event) => event.userId))]);
  const deliveries: Array<NewDelivery & { notificationId: string; at: Date }> = [];
  for (const event of recorded) {
    const category = categoryOf(event.kind);
    const wanted = channels(event.userId, category);
    const recordedAs = { notificationId: ids.get(event.eventKey)!, at: event.at };
    if (wanted.email) deliveries.push({ ...recordedAs, channel: category === 'operator' ? 'digest' : 'email' });
    if (wanted.push) {
      for (const id of browsers.get(event.userId) ?? [])
        deliveries.push({ ...recordedAs, channel: 'push', pushSubscriptionId: id });
    }
  }
  await deliveriesRepo.insertPending(trx, deliveries);
}

/** Tells every admin (in-app, push, and the e-mail digest); `eventKey` names the event, each admin's copy is its own. */
export async function notifyOperators(trx: Knex, event: Omit<NotificationEvent, 'userId'>) {
  const admins = await notificationsRepo.adminIds(trx);
  await notifyEach(
    trx,
    admins.map((userId) => ({ ...event, userId, eventKey: `${event.eventKey}:${userId}`, sharedKey: event.eventKey })),
  );
}

/**
 * The work a notice told of (a receipt, a withdrawal waiting) was decided: every admin's copy reads as done and
 * leaves the unread count. Call it inside the decision's transaction, with the `eventKey` given to notifyOperators.
 */
export async function markOperatorNoticesDone(trx: Knex, eventKey: string, at: Date) {
  await notificationsRepo.markSharedDone(trx, eventKey, at);
}
