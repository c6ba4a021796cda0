import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeDeps } from '../compose';
import { serve } from '../serve';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase, migrateToLatest } from '../db/connect';
import { createLogger, terminalLogDestination } from '../lib/logger';
import { ensureAdmin } from '../modules/admin/bootstrap-admin';
import { buildPwa, pwaBuildIsStale, pwaDistDir, rootDir } from './pwa-build';
import { createStartReport, installState, mailDestination, processTerminal, readyBlock } from './start-report';

// What `npm start` runs: each step said with its time as it finishes, then one block with what a person needs.
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const { env, operator } = config;
  const report = createStartReport(processTerminal());
  report.write(`\n  ${report.paint(1, operator.siteName)} ${report.paint(2, `starting (${env.NODE_ENV})`)}\n`);

  const installed = installState(rootDir);
  if ('problem' in installed) report.warn(installed.problem);
  else report.done(`dependencies installed (${installed.packages} packages)`);

  const logger = createLogger(env.LOG_LEVEL, await terminalLogDestination(env.NODE_ENV, env.LOG_FORMAT));
  const serveStatic = process.env.API_ONLY !== '1';
  if (serveStatic && pwaBuildIsStale()) {
    report.starting('building the PWA: its build is missing or older than its sources (about a minute)');
    const phases = { progress: report.progress, done: (text: string, ms: number) => report.done(`PWA: ${text}`, ms) };
    await report.step(
      'building the PWA',
      () => buildPwa(phases),
      () => 'PWA built',
    );
  } else if (serveStatic) {
    report.done('PWA build up to date (dist/pwa)');
  }

  const database = env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${join(env.DATA_DIR, 'pglite')}`;
  const db = connectDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
    poolMode: env.DATABASE_POOL_MODE,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await report.step(
    'migrating the database',
    () => migrateToLatest(db),
    (applied) =>
      applied.length > 0
        ? `database: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied (${database})`
        : `database up to date (${database})`,
  );
  const deps = composeDeps(config, db, logger);
  const admin = await report.step(
    'looking for an admin',
    () => ensureAdmin(deps),
    (created) => (created ? `admin created: ${created.email}` : 'admin account exists'),
  );
  const running = await report.step(
    'starting the server and the scheduled jobs',
    () => serve(deps, { port: env.PORT, staticDir: serveStatic ? pwaDistDir : undefined }),
    ({ port }) => `listening on port ${port}, scheduled jobs running`,
  );
  report.write(
    readyBlock(
      {
        siteName: operator.siteName,
        nodeEnv: env.NODE_ENV,
        publicUrl: env.PUBLIC_URL,
        port: running.port,
        servesPwa: serveStatic,
        admin,
        mail: mailDestination(env.SMTP_URL, env.NODE_ENV),
        database,
        readyInMs: performance.now() - startedAt,
      },
      report.paint,
    ),
  );

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
  console.error(`\n${error instanceof ConfigError ? error.message : ((error as Error)?.stack ?? String(error))}`);
  process.exitCode = 1;
});
