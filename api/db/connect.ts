import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knex, { type Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import pg from 'pg';
import { refuseRootQueriesInTransactions } from './transaction-guard';

// bigint (cents, counts) arrives as a JS number; amounts stay far below 2^53 cents.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Knex | Knex.Transaction;

/**
 * Query options naming a prepared statement: node-postgres parses it once per connection and
 * PostgreSQL can keep its plan, which for the multi-part reads on every page view costs more
 * CPU than running them. One name per SQL text (pg refuses a name reused with other text).
 * PGlite ignores the option.
 */
export const prepared = (name: string) => ({ name });

export interface DatabaseTarget {
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for a throwaway database. */
  pgliteDir: string;
}

export function connectDatabase({ databaseUrl, pgliteDir }: DatabaseTarget): Knex {
  if (databaseUrl) {
    return refuseRootQueriesInTransactions(knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 10 } }));
  }
  if (!pgliteDir.startsWith('memory://')) mkdirSync(resolve(pgliteDir), { recursive: true });
  // The extensions the migrations create (pg_trgm for the admin's search) must be loaded into PGlite up front.
  const pglite = new PGlite(pgliteDir, { extensions: { pg_trgm } });
  return refuseRootQueriesInTransactions(
    knex({
      client: ClientPGLite as unknown as typeof knex.Client,
      dialect: 'postgres',
      connection: { pglite } as unknown as Knex.StaticConnectionConfig,
    }),
  );
}

const migrationsDir = resolve(import.meta.dirname, '../../migrations');

/**
 * Loads the TypeScript migrations with our own import(), so they run wherever our code runs
 * (tsx, vitest's module runner); knex's loader would hand .ts files to plain Node.
 */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((name) => /^\d+_[\w-]+\.ts$/.test(name))
      .sort();
  },
  getMigrationName: (name) => name,
  getMigration: (name) => import(pathToFileURL(join(migrationsDir, name)).href),
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}
