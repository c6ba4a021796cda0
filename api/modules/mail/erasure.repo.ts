import type { Knex } from 'knex';
import { likePatterns, scrubText, type PersonalValues } from '../../lib/personal-text';

/** Mail's part of an erasure (issue 37): mail to the address is deleted; other mail naming the person is blanked. */
export async function eraseMailTo(trx: Knex.Transaction, email: string, values: PersonalValues) {
  await trx('mail_outbox').whereRaw('lower(to_address) = ?', [email.toLowerCase()]).del();
  if (values.length === 0) return;
  const patterns = likePatterns(values);
  const rows = await trx('mail_outbox')
    .whereRaw('subject ilike any (?::text[]) or body ilike any (?::text[])', [patterns, patterns])
    .select<{ id: number; subject: string; body: string }[]>('id', 'subject', 'body');
  for (const row of rows) {
    await trx('mail_outbox')
      .where({ id: row.id })
      .update({ subject: scrubText(row.subject, values), body: scrubText(row.body, values) });
  }
}
