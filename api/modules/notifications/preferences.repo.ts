import type { Db } from '../../db/connect';
import {
  isChoosable,
  notificationCategories,
  type KindCategory,
  type NotificationCategory,
  type NotificationPreference,
  type PreferenceChoice,
} from '../../contracts/notifications';

interface PreferenceRow {
  category: NotificationCategory;
  email: boolean;
  push: boolean;
}

export const preferencesRepo = {
  /** Every category, with its e-mail and push choices (on unless turned off). */
  async of(db: Db, userId: string): Promise<NotificationPreference[]> {
    const rows = await db('notification_preferences')
      .where({ user_id: userId })
      .select<PreferenceRow[]>('category', 'email', 'push');
    const chosen = new Map(rows.map((row) => [row.category, row]));
    return notificationCategories.map((category) => ({
      category,
      email: chosen.get(category)?.email ?? true,
      push: chosen.get(category)?.push ?? true,
    }));
  },

  /**
   * The channels a notification of `category` goes to, for each person and category asked, read in one query;
   * security and operator notices cannot be turned off.
   */
  async channelsFor(db: Db, wanted: Array<{ userId: string; category: KindCategory }>) {
    const choosable = wanted.filter(({ category }) => isChoosable(category));
    const rows: Array<PreferenceRow & { user_id: string }> =
      choosable.length === 0
        ? []
        : await db('notification_preferences')
            .whereIn('user_id', [...new Set(choosable.map(({ userId }) => userId))])
            .whereIn('category', [...new Set(choosable.map(({ category }) => category))])
            .select('user_id', 'category', 'email', 'push');
    const chosen = new Map(rows.map((row) => [`${row.user_id} ${row.category}`, row]));
    return (userId: string, category: KindCategory) => {
      if (!isChoosable(category)) return { email: true, push: true };
      const row = chosen.get(`${userId} ${category}`);
      return { email: row?.email ?? true, push: row?.push ?? true };
    };
  },

  /** Sets the channels `choice` names and leaves the other as it was. */
  set(db: Db, userId: string, choice: PreferenceChoice, at: Date) {
    const changed = (['email', 'push'] as const).filter((channel) => choice[channel] !== undefined);
    return db('notification_preferences')
      .insert({
        user_id: userId,
        category: choice.category,
        email: choice.email ?? true,
        push: choice.push ?? true,
        updated_at: at,
      })
      .onConflict(['user_id', 'category'])
      .merge([...changed, 'updated_at']);
  },
};
