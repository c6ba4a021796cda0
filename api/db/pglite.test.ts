import { describe, expect, it } from 'vitest';
import { connectDatabase, migrateToLatest } from './connect';

describe('embedded PGlite', () => {
  it('runs the same migrations as PostgreSQL and answers queries', async () => {
    const db = connectDatabase({ pgliteDir: 'memory://' });
    try {
      const applied = await migrateToLatest(db);
      expect(applied.length).toBeGreaterThan(0);
      const { rows } = await db.raw<{ rows: { total: number }[] }>('select 20::bigint + 22 as total');
      expect(Number(rows[0]?.total)).toBe(42);
    } finally {
      await db.destroy();
    }
  }, 30_000);
});
