import type { NotificationKind } from '../../contracts/notifications';
import type { Db } from '../../db/connect';
import type { ClaimedDelivery } from './claimed-delivery';
import { userContactsQuery } from '../identity/user-tables.api';
import { pushSubscriptionsQuery } from '../push/push-tables.api';

/** One operator's notice waiting in a digest. */
export interface DigestItem {
  id: string;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  created_at: Date;
  attempts: number;
}

/** A delivery to record: its channel, and for push the browser it goes to. */
export interface NewDelivery {
  channel: 'email' | 'digest' | 'push';
  pushSubscriptionId?: string;
}

type DeliveryRetry = { next_attempt_at: Date } | { status: 'failed' };

const digestsOf = (executor: Db, userId: string, status: 'pending' | 'sent') =>
  executor('notification_deliveries as d')
    .join('notifications as n', 'n.id', 'd.notification_id')
    .where({ 'n.user_id': userId, 'd.channel': 'digest', 'd.status': status });

export const deliveriesRepo = {
  /** Records notifications' deliveries, each pending from its `at`: a push delivery names its browser. */
  async insertPending(trx: Db, deliveries: Array<NewDelivery & { notificationId: string; at: Date }>) {
    if (deliveries.length === 0) return;
    // One JSON parameter for all the rows, as notificationsRepo.insertOnce does.
    await trx.raw(
      `insert into notification_deliveries (notification_id, status, next_attempt_at, channel, push_subscription_id)
       select notification_id, 'pending', next_attempt_at, channel, push_subscription_id
       from json_to_recordset(?::json)
         as d(notification_id bigint, next_attempt_at timestamptz, channel text, push_subscription_id bigint)`,
      [
        JSON.stringify(
          deliveries.map(({ notificationId, at, channel, pushSubscriptionId }) => ({
            notification_id: notificationId,
            next_attempt_at: at,
            channel,
            push_subscription_id: pushSubscriptionId ?? null,
          })),
        ),
      ],
    );
  },

  /**
   * Claims up to `batchSize` pending deliveries of `channels` due by `now`, skipping those another worker holds:
   * each claim counts an attempt and is leased until `leasedUntil`. Run it inside a transaction, which holds the rows.
   */
  async claimDue(trx: Db, channels: string[], now: Date, batchSize: number, leasedUntil: Date) {
    const due = await trx('notification_deliveries')
      .where({ status: 'pending' })
      .whereIn('channel', channels)
      .andWhere('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(batchSize)
      .forUpdate()
      .skipLocked()
      .pluck('id');
    if (due.length === 0) return [];
    await trx('notification_deliveries')
      .whereIn('id', due)
      .update({ attempts: trx.raw('attempts + 1'), next_attempt_at: leasedUntil });
    return trx('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .join(userContactsQuery(trx).as('u'), 'u.id', 'n.user_id')
      .leftJoin(pushSubscriptionsQuery(trx).as('p'), 'p.id', 'd.push_subscription_id')
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
  },

  markSent: (db: Db, id: string, at: Date) =>
    db('notification_deliveries').where({ id }).update({ status: 'sent', sent_at: at, last_error: null }),

  markFailed: (db: Db, id: string, error: string) =>
    db('notification_deliveries').where({ id }).update({ status: 'failed', last_error: error }),

  /** A failed try: tried again at `next_attempt_at`, or given up. */
  recordFailedTry: (db: Db, id: string, retry: DeliveryRetry, error: string) =>
    db('notification_deliveries')
      .where({ id })
      .update({ ...retry, last_error: error }),

  /** The admins with digest notices due by `now`. */
  async findDigestRecipients(db: Db, now: Date): Promise<string[]> {
    const rows: { user_id: string }[] = await db('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .where({ 'd.channel': 'digest', 'd.status': 'pending' })
      .andWhere('d.next_attempt_at', '<=', now)
      .distinct('n.user_id');
    return rows.map((row) => row.user_id);
  },

  /** Takes the lock on one admin's digest until `trx` ends; false when another worker holds it. */
  async tryLockDigestOf(trx: Db, userId: string): Promise<boolean> {
    const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as locked', [
      `operator-digest:${userId}`,
    ]);
    return rows[0].locked;
  },

  async lastDigestSentAt(trx: Db, userId: string): Promise<Date | null> {
    const last = await digestsOf(trx, userId, 'sent').max<{ at: Date | null }>('d.sent_at as at').first();
    return last?.at ?? null;
  },

  /** Moves every pending digest notice of `userId` to `at`. */
  postponeDigest: (trx: Db, userId: string, at: Date) =>
    trx('notification_deliveries')
      .whereIn('id', digestsOf(trx, userId, 'pending').select('d.id'))
      .update({ next_attempt_at: at }),

  /** The digest notices of `userId` due by `now`, oldest first. */
  dueDigestItems: (trx: Db, userId: string, now: Date) =>
    digestsOf(trx, userId, 'pending')
      .andWhere('d.next_attempt_at', '<=', now)
      .orderBy('n.created_at')
      .select<DigestItem[]>('d.id', 'n.kind', 'n.params', 'n.link', 'n.created_at', 'd.attempts'),

  /** A digest's mail failed: each notice counts the attempt and is tried again later, or given up. */
  recordFailedDigest: (trx: Db, ids: string[], retry: DeliveryRetry, error: string) =>
    trx('notification_deliveries')
      .whereIn('id', ids)
      .update({ attempts: trx.raw('attempts + 1'), ...retry, last_error: error }),

  markDigestSent: (trx: Db, ids: string[], at: Date) =>
    trx('notification_deliveries')
      .whereIn('id', ids)
      .update({ status: 'sent', sent_at: at, attempts: trx.raw('attempts + 1'), last_error: null }),
};
