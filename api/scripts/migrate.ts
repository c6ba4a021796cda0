import { join } from 'node:path';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase, migrateToLatest } from '../db/connect';

try {
  const { env } = loadConfig();
  const db = connectDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
    poolMode: env.DATABASE_POOL_MODE,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
  await db.destroy();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
