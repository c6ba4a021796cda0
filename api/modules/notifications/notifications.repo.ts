import type { Db } from '../../db/connect';
import type { NotificationKind } from '../../contracts/notifications';
import { adminIds, mailRecipient } from '../identity/user-tables.api';

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  params: Record<string, unknown>;
  link: string;
  created_at: Date;
  read_at: Date | null;
  done_at: Date | null;
}

export const notificationsRepo = {
  /** One page, newest first, with the caller's unread and total counts. */
  async page(db: Db, userId: string, page: number, pageSize: number) {
    const [rows, [counts]] = await Promise.all([
      db('notifications')
        .where({ user_id: userId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .select<NotificationRow[]>('id', 'kind', 'params', 'link', 'created_at', 'read_at', 'done_at'),
      db('notifications')
        .where({ user_id: userId })
        .select<{ total: string; unread: string }[]>(
          db.raw('count(*) as total'),
          db.raw('count(*) filter (where read_at is null) as unread'),
        ),
    ]);
    return { rows, total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
  },

  /** Marks the caller's own notifications read (others' ids are ignored); already read ones keep their time. */
  markRead: (db: Db, userId: string, ids: string[] | 'all', at: Date) => {
    const query = db('notifications').where({ user_id: userId }).whereNull('read_at');
    return (ids === 'all' ? query : query.whereIn('id', ids)).update({ read_at: at });
  },

  /**
   * Records each notification once per `event_key`, all in one statement; returns the new ones' ids by event key
   * (an event recorded already is left out). The rows go as one JSON parameter: a VALUES list binds a parameter per
   * column and row, which cost PostgreSQL and the driver about four times as much at a thousand rows.
   */
  async insertOnce(
    trx: Db,
    notifications: Array<{
      userId: string;
      kind: NotificationKind;
      params: Record<string, unknown>;
      link: string;
      eventKey: string;
      sharedKey: string | null;
      at: Date;
    }>,
  ): Promise<Map<string, string>> {
    const { rows } = await trx.raw<{ rows: Array<{ id: string; event_key: string }> }>(
      `insert into notifications (user_id, kind, params, link, event_key, shared_key, created_at)
       select user_id, kind, params, link, event_key, shared_key, created_at
       from json_to_recordset(?::json)
         as n(user_id uuid, kind text, params jsonb, link text, event_key text, shared_key text, created_at timestamptz)
       on conflict (event_key) do nothing
       returning id, event_key`,
      [
        JSON.stringify(
          notifications.map((notification) => ({
            user_id: notification.userId,
            kind: notification.kind,
            params: notification.params,
            link: notification.link,
            event_key: notification.eventKey,
            shared_key: notification.sharedKey,
            created_at: notification.at,
          })),
        ),
      ],
    );
    return new Map(rows.map((row) => [row.event_key, String(row.id)]));
  },

  /** Marks done, and read if unread, every copy of the notice shared under `sharedKey`. */
  markSharedDone: (trx: Db, sharedKey: string, at: Date) =>
    trx('notifications')
      .where({ shared_key: sharedKey })
      .whereNull('done_at')
      .update({ done_at: at, read_at: trx.raw('coalesce(read_at, ?)', [at]) }),

  adminIds: (trx: Db) => adminIds(trx),

  /** Where and in which language a person's mail goes. */
  recipient: (db: Db, userId: string) => mailRecipient(db, userId),
};
