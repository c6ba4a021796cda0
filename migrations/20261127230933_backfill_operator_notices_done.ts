import type { Knex } from 'knex';

/**
 * Notices written before `shared_key` existed: each admin's copy gets the key it shares (its event key without the
 * `:<adminId>` notifyOperators adds), and a notice whose receipt or withdrawal was already decided is done (and
 * read) as of that decision, so no bell keeps counting it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update notifications set shared_key = regexp_replace(event_key, ':[^:]*$', '')
     where kind in ('operator.receipt', 'operator.withdrawal', 'operator.chain') and shared_key is null`);
  for (const [prefix, table] of [
    ['receipt-waiting:', 'deposits'],
    ['withdrawal-waiting:', 'withdrawals'],
  ] as const)
    await knex.raw(
      `update notifications n
          set done_at = w.decided_at, read_at = coalesce(n.read_at, w.decided_at)
         from ${table} w
        where n.shared_key = ?::text || w.id::text and n.done_at is null and w.status <> 'pending' and w.decided_at is not null`,
      [prefix],
    );
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').update({ shared_key: null, done_at: null });
}
