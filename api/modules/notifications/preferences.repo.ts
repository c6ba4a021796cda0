import type { Db } from '../../db/connect';
import {
  notificationCategories,
  type NotificationCategory,
  type NotificationPreference,
} from '../../contracts/notifications';

export const preferencesRepo = {
  /** Every category, with its e-mail choice (on unless turned off). */
  async of(db: Db, userId: string): Promise<NotificationPreference[]> {
    const rows = await db('notification_preferences')
      .where({ user_id: userId })
      .select<{ category: NotificationCategory; email: boolean }[]>('category', 'email');
    const chosen = new Map(rows.map((row) => [row.category, row.email]));
    return notificationCategories.map((category) => ({ category, email: chosen.get(category) ?? true }));
  },

  wantsEmail: async (db: Db, userId: string, category: NotificationCategory) =>
    (await db('notification_preferences').where({ user_id: userId, category }).first('email'))?.email ?? true,

  set: (db: Db, userId: string, category: NotificationCategory, email: boolean, at: Date) =>
    db('notification_preferences')
      .insert({ user_id: userId, category, email, updated_at: at })
      .onConflict(['user_id', 'category'])
      .merge(['email', 'updated_at']),
};
