import type { Knex } from 'knex';
import { categoryOf, type NotificationKind } from '../../contracts/notifications';
import { pushSubscriptionIdsOf } from '../push/push.api';
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
export async function notify(trx: Knex, event: NotificationEvent, sharedKey: string | null = null) {
  const notificationId = await notificationsRepo.insertOnce(trx, { ...event, sharedKey });
  if (!notificationId) return;
  // Chosen when the event happens: turning a channel off stops the messages of later events.
  const category = categoryOf(event.kind);
  const wanted = await preferencesRepo.channelsFor(trx, event.userId, category);
  const deliveries: NewDelivery[] = [];
  if (wanted.email) deliveries.push({ channel: category === 'operator' ? 'digest' : 'email' });
  if (wanted.push) {
    const browsers = await pushSubscriptionIdsOf(trx, event.userId);
    for (const id of browsers) deliveries.push({ channel: 'push', pushSubscriptionId: id });
  }
  await deliveriesRepo.insertPending(trx, notificationId, event.at, deliveries);
}

/** Tells every admin (in-app, push, and the e-mail digest); `eventKey` names the event, each admin's copy is its own. */
export async function notifyOperators(trx: Knex, event: Omit<NotificationEvent, 'userId'>) {
  const admins = await notificationsRepo.adminIds(trx);
  for (const userId of admins)
    await notify(trx, { ...event, userId, eventKey: `${event.eventKey}:${userId}` }, event.eventKey);
}

/**
 * The work a notice told of (a receipt, a withdrawal waiting) was decided: every admin's copy reads as done and
 * leaves the unread count. Call it inside the decision's transaction, with the `eventKey` given to notifyOperators.
 */
export async function markOperatorNoticesDone(trx: Knex, eventKey: string, at: Date) {
  await notificationsRepo.markSharedDone(trx, eventKey, at);
}
