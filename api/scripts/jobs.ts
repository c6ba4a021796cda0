import { join } from 'node:path';
import { composeDeps } from '../compose';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase, migrateToLatest } from '../db/connect';
import { systemClock } from '../lib/clock';
import { createLogger, terminalLogDestination } from '../lib/logger';
import { scheduleJobs } from '../scheduled-jobs';

// A separate worker for the scheduled jobs: `npm run jobs`. The API runs the same jobs itself; running both is safe.
try {
  const config = loadConfig();
  const { env } = config;
  const logger = createLogger(env.LOG_LEVEL, await terminalLogDestination(env.NODE_ENV, env.LOG_FORMAT));
  const db = connectDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
    poolMode: env.DATABASE_POOL_MODE,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await migrateToLatest(db);
  const deps = composeDeps(config, db, logger, systemClock);
  const stopJobs = scheduleJobs(deps);
  const keepAlive = setInterval(() => {}, 1 << 30);
  logger.info(
    { chains: Object.keys(config.operator.chains) },
    'job worker running: maturity payouts and payout-address changes every minute, chain watchers at their poll intervals, notifications every 5 s',
  );
  const shutdown = () => {
    clearInterval(keepAlive);
    // The runs under way finish (a digest half-sent commits or rolls back) before the database closes.
    void stopJobs().finally(() => db.destroy());
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
