import { randomBytes } from 'node:crypto';
import knex from 'knex';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateToLatest } from '../db/connect';
import { withDatabase, type TestDatabase } from './database-target';
import { pgbouncerBinary, startPgbouncer, type RunningPgbouncer } from './pgbouncer';

/**
 * TEST_DATABASE_POOLER: `pgbouncer` (CI) puts a transaction-pooling PgBouncer between the app and PostgreSQL, as
 * production runs it; `direct` connects straight; unset, PgBouncer where it is installed.
 */
async function poolerFor(serverUrl: string): Promise<RunningPgbouncer | undefined> {
  const choice = process.env.TEST_DATABASE_POOLER;
  if (choice === 'direct') return undefined;
  if (choice !== 'pgbouncer' && !pgbouncerBinary) {
    console.warn('pgbouncer is not installed: the API tests connect to PostgreSQL directly.');
    return undefined;
  }
  return startPgbouncer(serverUrl);
}

/**
 * One fresh, migrated template database per run; each test file clones it, so files run in
 * parallel on isolated data. Without a reachable PostgreSQL the API tests run on PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('select 1');
  } catch {
    await admin.destroy();
    console.warn(`No PostgreSQL at ${new URL(serverUrl).host}: running the API tests on embedded PGlite.`);
    project.provide('testDatabase', { kind: 'pglite' } satisfies TestDatabase);
    return;
  }
  const runId = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const template = `${runId}_template`;
  await admin.raw('create database ??', [template]);
  const templateDb = connectDatabase({ databaseUrl: withDatabase(serverUrl, template), pgliteDir: '' });
  await migrateToLatest(templateDb);
  await templateDb.destroy();
  const pooler = await poolerFor(serverUrl);
  project.provide('testDatabase', {
    kind: 'postgres',
    serverUrl,
    appServerUrl: pooler?.url ?? serverUrl,
    poolMode: pooler ? 'transaction' : 'session',
    template,
    runId,
  } satisfies TestDatabase);

  return async () => {
    await pooler?.stop();
    const { rows } = await admin.raw<{ rows: { datname: string }[] }>(
      'select datname from pg_database where datname like ?',
      [`${runId}%`],
    );
    for (const { datname } of rows) await admin.raw('drop database if exists ?? with (force)', [datname]);
    await admin.destroy();
  };
}
