import type { Db } from '../../db/connect';
import type { NotificationKind } from '../../contracts/notifications';

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
};
