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
 * PGlite ignores the option; behind transaction pooling the name is dropped (see connectDatabase).
 */
export const prepared = (name: string) => ({ name });

export interface DatabaseTarget {
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for a throwaway database. */
  pgliteDir: string;
  /** 'transaction' when a transaction-pooling PgBouncer sits in front of PostgreSQL (DATABASE_POOL_MODE). */
  poolMode?: 'session' | 'transaction';
  /** Connections this process keeps open (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

type QueryObject = { sql: string; options?: { name?: string } };

/**
 * Behind a transaction-pooling PgBouncer each transaction (each root query) may run on another server connection,
 * where a statement prepared elsewhere does not exist: queries run unnamed there. Knex's pg client hands
 * `options` to node-postgres in `_query`, the one place every query passes.
 */
function runStatementsUnnamed(db: Knex) {
  const client = db.client as { _query: (connection: unknown, query: QueryObject) => Promise<unknown> };
  const runQuery = client._query;
  client._query = function (connection, query) {
    if (!query.options?.name) return runQuery.call(this, connection, query);
    const { name: _name, ...options } = query.options;
    return runQuery.call(this, connection, { ...query, options });
  };
  return db;
}

export function connectDatabase({ databaseUrl, pgliteDir, poolMode = 'session', poolSize = 10 }: DatabaseTarget): Knex {
  if (databaseUrl) {
    const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: poolSize } });
    return refuseRootQueriesInTransactions(poolMode === 'transaction' ? runStatementsUnnamed(db) : db);
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
