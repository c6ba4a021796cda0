import knex, { type Knex } from 'knex';
import { connectDatabase, migrateToLatest } from '../api/db/connect';

export interface BenchDatabase {
  name: string;
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/** A throwaway database beside the one DATABASE_URL names, migrated like production. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = connectDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await db.destroy();
    // WITH (FORCE) ends any connection a crashed child left behind.
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), db, drop };
}
