import type { Knex } from 'knex';
import { categoryOf, type NotificationKind } from '../../contracts/notifications';
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
 * Records a notification and, unless the person turned that category's e-mail off, its e-mail delivery. Call it inside the transaction of the money event itself: the
 * notification commits with the event or not at all, and the delivery worker sends it only after the commit.
 */
export async function notify(trx: Knex, event: NotificationEvent) {
  const [row] = await trx('notifications')
    .insert({
      user_id: event.userId,
      kind: event.kind,
      params: JSON.stringify(event.params),
      link: event.link,
      event_key: event.eventKey,
      created_at: event.at,
    })
    .onConflict('event_key')
    .ignore()
    .returning<{ id: string }[]>('id');
  if (!row) return;
  // Chosen when the event happens: turning a category off stops the mail of later events.
  if (!(await preferencesRepo.wantsEmail(trx, event.userId, categoryOf(event.kind)))) return;
  await trx('notification_deliveries').insert({
    notification_id: row.id,
    channel: 'email',
    status: 'pending',
    next_attempt_at: event.at,
  });
}
