import { join } from 'node:path';
import { composeDeps } from '../compose';
import { serve } from '../serve';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase, migrateToLatest } from '../db/connect';
import { createLogger, terminalLogDestination } from '../lib/logger';
import { ensureAdmin } from '../modules/admin/bootstrap-admin';
import { buildPwa, pwaBuildIsStale, pwaDistDir } from './pwa-build';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.env.LOG_LEVEL, await terminalLogDestination(config.env.NODE_ENV));
  const serveStatic = process.env.API_ONLY !== '1';
  if (serveStatic && pwaBuildIsStale()) {
    console.log('Building the PWA (its build is missing or older than its sources)…');
    await buildPwa();
  }
  const db = connectDatabase({
    databaseUrl: config.env.DATABASE_URL,
    pgliteDir: join(config.env.DATA_DIR, 'pglite'),
  });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const deps = composeDeps(config, db, logger);
  const adminNotice = await ensureAdmin(deps);
  const running = await serve(deps, { port: config.env.PORT, staticDir: serveStatic ? pwaDistDir : undefined });
  const database = config.env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.env.DATA_DIR}/pglite`;
  console.log(`\n  ${config.operator.siteName} is running on http://localhost:${config.env.PORT} (${database})`);
  console.log(`  Admin panel: ${config.env.PUBLIC_URL}/login`);
  if (adminNotice) console.log(`  ${adminNotice}`);
  console.log('');
  const stop = () => {
    console.log('Stopping: finishing answers, jobs and mail under way…');
    running.stop().catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exitCode = 1;
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
