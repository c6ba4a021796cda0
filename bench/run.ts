import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createBenchDatabase, type BenchDatabase } from './bench-database';
import { issueInvestorTokens } from './bench-tokens';
import { startChildServer, type ChildServer } from './child-server';
import { explainEndpoints } from './explain';
import { formatTable, measure, type LoadSettings, type Measurement, type Target } from './load';
import { seed } from './seed';

/**
 * `npm run bench`: GET /api/dashboard and GET /api/transactions against a freshly seeded
 * database, beside a bare Koa endpoint measured in the same run with the same load.
 * BENCH_USERS, BENCH_ENTRIES and BENCH_SECONDS size it; BENCH_EXPLAIN=1 adds query plans.
 */
function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const size = { users: envCount('BENCH_USERS', 100_000), entries: envCount('BENCH_ENTRIES', 1_000_000) };
const load: LoadSettings = { connections: 10, seconds: envCount('BENCH_SECONDS', 10), warmupSeconds: 2 };
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const tokenCount = 1_000;

async function main() {
  const servers: ChildServer[] = [];
  let bench: BenchDatabase | undefined;
  const cleanUp = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await bench?.drop();
  };
  // After cleaning up, re-raise the signal so the process ends as an interrupted one would.
  process.once('SIGINT', () => void cleanUp().finally(() => process.kill(process.pid, 'SIGINT')));
  try {
    bench = await createBenchDatabase(serverUrl);
    console.log(`Seeding ${bench.name}: ${size.users} investors, about ${size.entries} ledger entries`);
    const now = new Date();
    const seeded = await seed(bench.db, size, now);
    console.log(`Seeded ${seeded.users} investors, ${seeded.transactions} transactions, ${seeded.entries} entries; ledger consistent.`);
    // A secret for this run only; the tokens below are signed with it.
    const jwtSecret = randomBytes(32).toString('hex');
    const tokens = await issueInvestorTokens(bench.db, jwtSecret, tokenCount, now);
    if (process.env.BENCH_EXPLAIN === '1') await explainEndpoints(bench.url);

    const api = await startChildServer('API', 'api/scripts/start.ts', {
      API_ONLY: '1', DATABASE_URL: bench.url, JWT_SECRET: jwtSecret, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development',
    }, '/api/health');
    servers.push(api);
    const bare = await startChildServer('bare Koa', 'bench/bare-koa.ts', {}, '/bare');
    servers.push(bare);

    const targets: Target[] = [
      { name: 'bare Koa GET /bare', url: bare.url, path: '/bare' },
      // The API's own floor (middleware plus one trivial query, no session), to tell stack cost from query cost.
      { name: 'GET /api/health', url: api.url, path: '/api/health' },
      { name: 'GET /api/dashboard', url: api.url, path: '/api/dashboard', tokens },
      { name: 'GET /api/transactions?tab=deposit', url: api.url, path: '/api/transactions?tab=deposit&page=1&pageSize=5', tokens },
      { name: 'GET /api/transactions?tab=others', url: api.url, path: '/api/transactions?tab=others&page=1&pageSize=5', tokens },
    ];
    // The load generator, the API and Postgres share this machine; anything else running skews the numbers.
    const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(' ');
    console.log(`Machine load average before measuring: ${loadAverage()}`);
    console.log(`Load: ${load.connections} connections, ${load.warmupSeconds} s warm-up, ${load.seconds} s measured, per endpoint.`);
    const results: Measurement[] = [];
    for (const target of targets) {
      results.push(await measure(target, load));
      console.log(`  measured ${target.name}`);
    }
    console.log(`\n${formatTable(results, results[0]!)}\n\nMachine load average after measuring: ${loadAverage()}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
