import type { Knex } from 'knex';

/** The SQL statements `db` sends to PostgreSQL while `call` runs (for round-trip counts). */
export async function statementsDuring(db: Knex, call: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const record = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', record);
  try {
    await call();
  } finally {
    db.removeListener('query', record);
  }
  return statements;
}
