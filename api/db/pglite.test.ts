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
      // pg_trgm is loaded, so the admin's search indexes exist and answer a substring search.
      await db('users').insert({
        role: 'investor',
        email: 'ada.lovelace@example.com',
        password_hash: 'x',
        referral_code: 'ADA1',
      });
      const found = await db('users').whereRaw('lower(email) like ?', ['%lovelace%']).pluck('email');
      expect(found).toEqual(['ada.lovelace@example.com']);
      const indexes = await db('pg_indexes').where({ tablename: 'users' }).pluck('indexname');
      expect(indexes).toEqual(expect.arrayContaining(['users_email_trgm_index', 'users_full_name_trgm_index']));
    } finally {
      await db.destroy();
    }
  }, 30_000);
});
