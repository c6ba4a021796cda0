import { connectDatabase } from '../api/db/connect';
import { systemFlowsFor, transactionHistory } from '../api/modules/dashboard/dashboard.repo';
import { investmentsOf } from '../api/modules/investments/investments.routes';
import { investorBalances } from '../api/modules/ledger/ledger.service';

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
  try {
    const { rows: people } = await db.raw<{ rows: { user_id: string; label: string }[] }>(`
      (select subject_user_id as user_id, 'busiest investor (' || count(*) || ' transactions)' as label
        from ledger_transactions group by subject_user_id order by count(*) desc limit 1)
      union all
      (select s.user_id, 'investor with a session' from sessions s limit 1)`);
    for (const person of people) {
      const captured: CapturedQuery[] = [];
      const capture = (query: CapturedQuery) => captured.push({ sql: query.sql, bindings: query.bindings });
      db.on('query', capture);
      await investorBalances(db, person.user_id);
      await systemFlowsFor(db, person.user_id);
      await investmentsOf(db, person.user_id).where('i.status', 'active');
      await transactionHistory(db, person.user_id, 'deposit', undefined, 1, 5);
      await transactionHistory(db, person.user_id, 'others', undefined, 1, 5);
      db.removeListener('query', capture);
      console.log(`\n=== ${person.label}`);
      for (const query of captured) {
        // Knex hands pg numbered placeholders ($1, $2…, in order); db.raw takes them as '?'.
        const sql = query.sql.replace(/\$\d+/g, '?');
        const plan = await db.raw<{ rows: Record<string, string>[] }>(`explain (analyze, buffers) ${sql}`, query.bindings as never);
        console.log(`\n${query.sql.replace(/\s+/g, ' ')}\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
      }
    }
  } finally {
    await db.destroy();
  }
}
