import type { Knex } from 'knex';
import { likePatterns, scrubJson, type PersonalValues } from '../../lib/personal-text';

/**
 * The audit log's part of an erasure (issue 37): every row stays, with its action, time, actor and subject ids; the
 * personal text in its before and after (the person's e-mail, name, phone…) is blanked.
 */
export async function scrubAuditLog(trx: Knex.Transaction, values: PersonalValues) {
  if (values.length === 0) return;
  const patterns = likePatterns(values);
  const rows = await trx('audit_log')
    .whereRaw('before::text ilike any (?::text[]) or after::text ilike any (?::text[])', [patterns, patterns])
    .select<{ id: number; before: unknown; after: unknown }[]>('id', 'before', 'after');
  for (const row of rows) {
    await trx('audit_log')
      .where({ id: row.id })
      .update({
        before: row.before === null ? null : JSON.stringify(scrubJson(row.before, values)),
        after: row.after === null ? null : JSON.stringify(scrubJson(row.after, values)),
      });
  }
}
