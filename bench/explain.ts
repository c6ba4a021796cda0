import { randomBytes } from 'node:crypto';
import { connectDatabase } from '../api/db/connect';
import { systemClock } from '../api/lib/clock';
import { dashboardForSession, transactionHistory } from '../api/modules/dashboard/dashboard.repo';
import { createSessionService } from '../api/modules/identity/sessions/sessions.service';

interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

/**
 * Prints EXPLAIN ANALYZE of the very queries the endpoints run (captured from the product's own
 * repository functions, not copies of them) for the busiest investor and a typical one.
 */
export async function explainEndpoints(databaseUrl: string) {
  const db = connectDatabase({ databaseUrl, pgliteDir: 'memory://' });
  // Only its SQL is used here, never a token: any secret will do.
  const sessions = createSessionService(randomBytes(32).toString('hex'), systemClock);
  try {
    // The endpoints' statements start with the session check, so each investor needs a session (the busiest gets one).
    const {
      rows: [busiest],
    } = await db.raw<{ rows: { user_id: string; transactions: number }[] }>(
      'select subject_user_id as user_id, count(*) as transactions from ledger_transactions group by subject_user_id order by count(*) desc limit 1',
    );
    const sessionOf = async (userId: string) => {
      const [row] = await db('sessions')
        .insert({ user_id: userId, created_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) })
        .returning<{ id: string }[]>('id');
      return row!.id;
    };
    const people = busiest
      ? [
          {
            sessionId: await sessionOf(busiest.user_id),
            label: `busiest investor (${busiest.transactions} transactions)`,
          },
        ]
      : [];
    const typical = await db('sessions')
      .whereNot({ user_id: busiest?.user_id ?? null })
      .first<{ id: string } | undefined>('id');
    if (typical) people.push({ sessionId: typical.id, label: 'investor with a session' });
    for (const person of people) {
      const captured: CapturedQuery[] = [];
      const capture = (query: CapturedQuery) => captured.push({ sql: query.sql, bindings: query.bindings });
      db.on('query', capture);
      await dashboardForSession(db, sessions.liveSessionSql(person.sessionId));
      await transactionHistory(db, sessions.liveSessionSql(person.sessionId), 'deposit', undefined, 1, 5);
      await transactionHistory(db, sessions.liveSessionSql(person.sessionId), 'others', undefined, 1, 5);
      db.removeListener('query', capture);
      console.log(`\n=== ${person.label}`);
      for (const query of captured) {
        // Knex hands pg numbered placeholders ($1, $2…, in order); db.raw takes them as '?'.
        const sql = query.sql.replace(/\$\d+/g, '?');
        const plan = await db.raw<{ rows: Record<string, string>[] }>(
          `explain (analyze, buffers) ${sql}`,
          query.bindings as never,
        );
        console.log(`\n${query.sql.replace(/\s+/g, ' ')}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
      }
    }
  } finally {
    await db.destroy();
  }
}
