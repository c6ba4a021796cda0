import type { Knex } from 'knex';
import { likePatterns, scrubJson, scrubText, type PersonalValues } from '../../lib/personal-text';

/**
 * Notifications' part of an erasure (issue 37): the person's own notifications keep their kind and time but lose
 * their parameters' personal text, and so do the operators' notices and delivery errors that copied it.
 */
export async function scrubNotifications(trx: Knex.Transaction, userId: string, values: PersonalValues) {
  if (values.length === 0) return;
  const patterns = likePatterns(values);
  const rows = await trx('notifications')
    .where({ user_id: userId })
    .orWhereRaw('params::text ilike any (?::text[])', [patterns])
    .select<{ id: number; params: unknown }[]>('id', 'params');
  for (const row of rows) {
    await trx('notifications')
      .where({ id: row.id })
      .update({ params: JSON.stringify(scrubJson(row.params, values)) });
  }
  const deliveries = await trx('notification_deliveries')
    .whereRaw('last_error ilike any (?::text[])', [patterns])
    .select<{ id: number; last_error: string }[]>('id', 'last_error');
  for (const row of deliveries) {
    await trx('notification_deliveries')
      .where({ id: row.id })
      .update({ last_error: scrubText(row.last_error, values) });
  }
}
