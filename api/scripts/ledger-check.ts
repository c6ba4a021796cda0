import { join } from 'node:path';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase } from '../db/connect';
import { ledgerViolations } from '../modules/ledger/ledger.api';
import { liabilitySnapshotViolations } from '../modules/proof-of-liabilities/snapshot-check';

// `npm run ledger:check`: verifies the stored balances and flow totals against the entries, and the latest
// liability snapshot against its leaves and the ledger at its point.
try {
  const { env } = loadConfig();
  const db = connectDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
    poolMode: env.DATABASE_POOL_MODE,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  try {
    const problems = [...(await ledgerViolations(db)), ...(await liabilitySnapshotViolations(db))];
    if (problems.length) {
      console.error(`The ledger is inconsistent:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        'Ledger consistent: every transaction sums to zero; balances and flow totals equal their entries; the latest liability snapshot rebuilds its root and matches the ledger at its point.',
      );
    }
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
