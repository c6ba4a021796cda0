import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeMarketUpstream } from '../api/test/fake-market-upstream';
import { createBenchDatabase } from './bench-database';
import { repoRoot } from './child-server';
import { cpuMsBetween, serverCpuMeter, type CpuReading } from './cpu-time';
import {
  formatLoadReport,
  requestKinds,
  runMixedLoad,
  seedLoadInvestors,
  verifyAcceptedWrites,
  type LoadReport,
  type RequestKind,
  type WriteVerification,
} from './cluster-load';

/**
 * `npm run bench:cluster-load -- --url http://127.0.0.1:5700 --database-url postgres://… --seconds 120`: the
 * issue-36 mix of simulated investors through a URL (a load balancer or one server), then the check that every
 * write answered 2xx is in the database once and the ledger holds. `--concurrency 4,8,16` runs one step per value
 * (the saturation sweep); `--start-server` measures one production server of its own on a fresh database instead.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'database-url': { type: 'string' },
    seconds: { type: 'string', default: '120' },
    concurrency: { type: 'string', default: '16' },
    investors: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '5' },
    'start-server': { type: 'boolean', default: false },
    port: { type: 'string', default: '5801' },
    // One kind alone (dashboard, signIn…), to see what it costs: diagnosis, not the issue's figure.
    only: { type: 'string' },
  },
});

const positive = (name: string, raw: string) => {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const seconds = positive('seconds', values.seconds);
const steps = values.concurrency.split(',').map((part) => positive('concurrency', part.trim()));
const investorCount = positive('investors', values.investors);
const warmupSeconds = Number(values.warmup);
if (values.only !== undefined && !requestKinds.includes(values.only as RequestKind))
  throw new Error(`--only takes one of ${requestKinds.join(', ')}`);
const mix = values.only
  ? (Object.fromEntries(requestKinds.map((kind) => [kind, kind === values.only ? 100 : 0])) as Record<
      RequestKind,
      number
    >)
  : undefined;

async function waitUntilReady(url: string, exited: () => number | null) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited() !== null) throw new Error(`the server exited with code ${exited()} before it was ready`);
    if (
      await fetch(`${url}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

/** One server as production runs it (NODE_ENV=production, JSON request log to a file) on a fresh bench database. */
async function startOwnServer(cleanUps: Array<() => Promise<void>>) {
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const bench = await createBenchDatabase(serverUrl);
  cleanUps.push(() => bench.drop());
  // Live coin prices from a local stand-in, so the market reads are served as in production.
  const upstream = await startFakeMarketUpstream();
  cleanUps.push(() => upstream.close());
  const workDir = mkdtempSync(join(tmpdir(), 'cluster-load-'));
  cleanUps.push(async () => rmSync(workDir, { recursive: true, force: true }));
  const operator = JSON.parse(readFileSync(join(repoRoot, 'operator.config.json'), 'utf8'));
  const wallets = Object.fromEntries(Object.keys(operator.wallets).map((coin) => [coin, `load-test-${coin}-wallet`]));
  const operatorConfig = join(workDir, 'operator.json');
  writeFileSync(operatorConfig, JSON.stringify({ ...operator, wallets, marketApiBaseUrl: upstream.baseUrl }));
  const port = positive('port', values.port);
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(join(workDir, 'api.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'api/scripts/start.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: bench.url,
      DATA_DIR: workDir,
      OPERATOR_CONFIG: operatorConfig,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'load-admin@load.example',
      ADMIN_PASSWORD: randomBytes(16).toString('hex'),
      // Sign-ins are 5 % of the mix: over minutes each investor passes sign-in's 10 per 15 minutes.
      RATE_LIMITS: 'off',
      // The mix has no page loads: the API alone, without building the PWA first.
      API_ONLY: '1',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  cleanUps.push(
    () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  );
  await waitUntilReady(url, () => child.exitCode);
  return { url, databaseUrl: bench.url, cpu: serverCpuMeter(child.pid!, { db: bench.db, name: bench.name }) };
}

function describeVerification(verification: WriteVerification) {
  const { accepted } = verification;
  const lines = [
    `Accepted writes: ${accepted.receiptUpload} receipts, ${accepted.planPurchase} purchases, ${accepted.withdrawal} withdrawals; ` +
      `${verification.committedWithoutAnswer} failed writes found committed.`,
    ...verification.lost.map((line) => `  LOST ${line}`),
    ...verification.doubled.map((line) => `  DOUBLED ${line}`),
    ...verification.unexpected.map((line) => `  UNEXPECTED ${line}`),
    ...verification.ledgerProblems.map((line) => `  LEDGER ${line}`),
  ];
  lines.push(
    verification.ok
      ? 'Every accepted write is in the database once, with its ledger transaction; the ledger check holds.'
      : 'VERIFICATION FAILED',
  );
  return lines.join('\n');
}

async function main() {
  const cleanUps: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const step of cleanUps.reverse()) await step().catch((error: unknown) => console.error(error));
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.kill(process.pid, 'SIGINT')));
  try {
    // The server's and its PostgreSQL backends' CPU, when this process started the server: a cost per request that
    // other work on a shared machine barely changes, unlike req/s.
    let target: { url: string; databaseUrl: string; cpu?: () => Promise<CpuReading> };
    if (values['start-server']) target = await startOwnServer(cleanUps);
    else {
      const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
      if (!values.url || !databaseUrl)
        throw new Error('give --url and --database-url (or DATABASE_URL), or --start-server');
      target = { url: values.url, databaseUrl };
    }
    console.log(
      `${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    );
    console.log(`Seeding ${investorCount} investors…`);
    const investors = await seedLoadInvestors(target.databaseUrl, investorCount);
    const reports: LoadReport[] = [];
    if (warmupSeconds > 0) {
      console.log(`Warming up for ${warmupSeconds} s…`);
      reports.push(
        await runMixedLoad({ baseUrl: target.url, investors, seconds: warmupSeconds, concurrency: steps[0]!, mix }),
      );
    }
    const measured: Array<LoadReport & { serverCpuMsPerRequest?: number }> = [];
    for (const concurrency of steps) {
      const before = await target.cpu?.();
      const report = await runMixedLoad({
        baseUrl: target.url,
        investors,
        seconds,
        concurrency,
        mix,
        onProgress: (finished) => process.stdout.write(`\r  ${finished} requests`),
      });
      const serverCpuMsPerRequest =
        before && target.cpu ? cpuMsBetween(before, await target.cpu()) / report.totalRequests : undefined;
      process.stdout.write('\r');
      console.log(`\n${formatLoadReport(report)}`);
      if (serverCpuMsPerRequest !== undefined)
        console.log(`The server and its PostgreSQL backends: ${serverCpuMsPerRequest.toFixed(2)} CPU ms per request`);
      reports.push(report);
      measured.push({ ...report, serverCpuMsPerRequest });
    }
    if (measured.length > 1) {
      console.log(
        '\nconcurrency  req/s  machine busy  dashboard p99 ms  errors after retries  server+db CPU ms/req  generator CPU ms/req',
      );
      for (const report of measured) {
        const dashboard = report.kinds.find((kind) => kind.kind === 'dashboard')!;
        const generator = report.generatorCpuMsPerSecond / report.requestsPerSecond;
        console.log(
          `${String(report.concurrency).padStart(11)}  ${report.requestsPerSecond.toFixed(0).padStart(5)}  ` +
            `${report.machineBusy === null ? '?' : `${(100 * report.machineBusy).toFixed(0)} %`.padStart(12)}  ` +
            `${dashboard.p99.toFixed(1).padStart(16)}  ${String(report.errorsAfterRetries).padStart(20)}  ` +
            `${(report.serverCpuMsPerRequest?.toFixed(2) ?? '').padStart(20)}  ${generator.toFixed(2).padStart(20)}`,
        );
      }
    }
    const verification = await verifyAcceptedWrites(target.databaseUrl, {
      investors,
      writes: reports.flatMap((report) => report.writes),
    });
    console.log(`\n${describeVerification(verification)}`);
    if (!verification.ok || measured.some((report) => report.errorsAfterRetries > 0)) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
