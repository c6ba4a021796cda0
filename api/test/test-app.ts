import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-deps';
import { composeDeps } from '../compose';
import { parseEnv } from '../config/env';
import { loadOperatorConfig, type OperatorConfig } from '../config/operator';
import { connectDatabase, migrateToLatest } from '../db/connect';
import { createLogger } from '../lib/logger';
import type { Mailer } from '../modules/mail/mailer';
import { withDatabase } from './database-target';
import { TestClient } from './test-client';
import { TestClock } from './test-clock';

export const testPublicUrl = 'http://app.test';

async function freshDatabase(): Promise<Knex> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const db = connectDatabase({ pgliteDir: 'memory://' });
    await migrateToLatest(db);
    return db;
  }
  const name = `${target.runId}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: target.serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('create database ?? template ??', [name, target.template]);
  } finally {
    await admin.destroy();
  }
  return connectDatabase({
    databaseUrl: withDatabase(target.appServerUrl, name),
    pgliteDir: '',
    poolMode: target.poolMode,
  });
}

/** Limits per identity level no other test reaches ($10,000,000 a level), for tests not about them. */
export const limitsOutOfTheWay = {
  level0: { deposit: 10_000_000, withdrawal: 10_000_000 },
  level1: { deposit: 10_000_000, withdrawal: 10_000_000 },
};

export interface TestAppOptions {
  env?: Record<string, string>;
  operator?: Partial<OperatorConfig>;
  /** Receives the app's log lines (JSON), for tests that check what is logged. */
  logLines?: string[];
  /** A built PWA folder to serve, as `npm start` does. */
  staticDir?: string;
  /** Replaces the mail_outbox mailer, for tests that control when mail goes out. */
  mailer?: Mailer;
  /** Replaces the push agent, for tests whose push service has its own certificate authority. */
  pushAgent?: AppDeps['pushAgent'];
  /** Another app's database, to restart "the server" over the same data (this app does not close it). */
  database?: Knex;
}

/** A real server on a random port over a database of its own. */
export async function startTestApp(options: TestAppOptions = {}) {
  const db = options.database ?? (await freshDatabase());
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRUST_PROXY: 'on',
    PUBLIC_URL: testPublicUrl,
    DATA_DIR: './data/test',
    ...options.env,
  });
  const operator = {
    ...loadOperatorConfig(resolve(import.meta.dirname, '../../operator.config.json')),
    // The limits per identity level out of the way of the other features' tests; theirs give the real defaults.
    kycLimits: limitsOutOfTheWay,
    ...options.operator,
  };
  const config = { env, operator, jwtSecret: randomBytes(32).toString('hex') };
  const clock = new TestClock();
  const logger = options.logLines
    ? createLogger('info', { write: (line: string) => void options.logLines!.push(line) })
    : createLogger(env.LOG_LEVEL);
  const deps = {
    ...composeDeps(config, db, logger, clock),
    ...(options.mailer && { mailer: options.mailer }),
    ...(options.pushAgent && { pushAgent: options.pushAgent }),
  };
  const { app, routeTable } = createApp(deps, { staticDir: options.staticDir });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    deps,
    clock,
    routeTable,
    client: (token?: string) => new TestClient(url, token),
    async close() {
      await new Promise((done) => server.close(done));
      if (!options.database) await db.destroy();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Starts a test app before the tests of the surrounding file or `describe` and closes it after them, with rate
 * limits off unless `env` turns them on. The answer stands for the app once `beforeAll` has run: read it inside
 * tests and hooks, not at declaration time. Options given as a function are read when the app starts, for
 * options that an earlier `beforeAll` prepares.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    const given = typeof options === 'function' ? options() : options;
    started = await startTestApp({ ...given, env: { RATE_LIMITS: 'off', ...given.env } });
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!started) throw new Error('The test app starts in beforeAll: use it inside tests and hooks');
      return Reflect.get(started, key);
    },
  });
}
