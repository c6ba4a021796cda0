import { join } from 'node:path';
import { ConfigError } from '../config/env';
import { loadConfig } from '../config/load';
import { connectDatabase } from '../db/connect';
import { ledgerViolations } from '../modules/ledger/ledger-invariants';

// `npm run ledger:check`: verifies the stored balances and flow totals against the entries.
try {
  const { env } = loadConfig();
  const db = connectDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: join(env.DATA_DIR, 'pglite') });
  try {
    const problems = await ledgerViolations(db);
    if (problems.length) {
      console.error(`The ledger is inconsistent:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('Ledger consistent: every transaction sums to zero; balances and flow totals equal their entries.');
    }
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
