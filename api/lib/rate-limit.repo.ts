import type { Knex } from 'knex';

/** Lets rate-limiter-flexible's `$1`-style SQL on `rate_limits` run through Knex, so pg and PGlite both serve it. */
export function rateLimitStoreClient(db: Knex) {
  return {
    async query({ text, values = [] }: { text: string; values?: unknown[] }) {
      const bindings: unknown[] = [];
      const sql = text.replace(/\$(\d+)/g, (_, index: string) => {
        bindings.push(values[Number(index) - 1]);
        return '?';
      });
      const result = await db.raw(sql, bindings as Knex.RawBinding[]);
      // The limiter reads rowCount to tell "no counter yet" (get) from a counter.
      // PGlite reports affected rows only, so a SELECT's count comes from its rows.
      return { rows: result.rows, rowCount: Math.max(result.rowCount ?? 0, result.rows?.length ?? 0) };
    },
  };
}
