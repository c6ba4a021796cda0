import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runMixedLoad,
  seedLoadInvestors,
  verifyAcceptedWrites,
  type LoadInvestor,
  type LoadReport,
} from '../../bench/cluster-load';
import { createClient, defaultRetryPolicy, sendWithRetries } from '../../bench/load-http';
import { openDatabase } from '../../bench/load-investors';
import { parseEther } from 'viem';
import { deliveryLeaseMs } from '../modules/notifications/notifications.api';
import { setTestPrices } from '../test/chain-app';
import { testXpub } from '../test/chain-keys';
import { startAnvil } from '../test/chain-nodes';
import { createEvmPayer } from '../test/evm-payer';
import { startFakeMarketUpstream, type FakeMarketUpstream } from '../test/fake-market-upstream';
import {
  attachStandby,
  balancerServers,
  clusterPrograms,
  clusterStatus,
  directUrl,
  failover,
  isAlive,
  pooledUrl,
  readState,
  startCluster,
  stopCluster,
  type ClusterPorts,
  type ClusterState,
} from './cluster-control';
import { rootDir } from './pwa-build';
import { createStartReport } from './start-report';

/**
 * Issue 36's checks in their short form (npm run test:cluster, part of npm test): the cluster npm run cluster starts,
 * 30 s of the mixed load through HAProxy with one replica SIGKILLed midway, then a primary failover during a burst of
 * receipts, confirmations, purchases and withdrawals, then the jobs on the new primary. Its own ports and folder, so
 * a developer's `npm run cluster` may run beside it.
 */
const ports: ClusterPorts = {
  primary: 55532,
  standby: 55533,
  pgbouncer: 56532,
  haproxy: 5710,
  replicas: [5711, 5712, 5713],
};
const dir = mkdtempSync(join(tmpdir(), 'cluster-test-'));
const baseUrl = `http://127.0.0.1:${ports.haproxy}`;
let log = '';
const report = createStartReport({ write: (text) => void (log += text), live: false, colour: false });
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function eventually<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await wait(100);
  }
}

let upstream: FakeMarketUpstream;
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let payer: Awaited<ReturnType<typeof createEvmPayer>>;
let state: ClusterState;
let investors: LoadInvestor[];
/** Investors who pay on chain, apart from the load's: the load's check accounts for every ledger row of its own. */
let payingInvestors: LoadInvestor[];
const reports: LoadReport[] = [];
/** On-chain ETH quotes paid before the failover and during it: each credited once, whichever watcher saw it. */
const paidQuotes: { userId: string; quoteId: string; amountCents: number }[] = [];
/** Purchases made to mature before the failover and after it. */
const matured: { before: string[]; after: string[] } = { before: [], after: [] };

beforeAll(async () => {
  // Fails here, naming the packages, when PostgreSQL's server, PgBouncer or HAProxy is missing (.ci/run installs them).
  clusterPrograms();
  upstream = await startFakeMarketUpstream();
  // Live prices for the market ids the quotes ask for (ethereum among them).
  setTestPrices(upstream);
  anvil = await startAnvil();
  payer = await createEvmPayer(anvil.url);
  const operator = JSON.parse(readFileSync(join(rootDir, 'operator.config.json'), 'utf8'));
  // Every replica and npm run jobs watch this chain every second; its advisory lock lets one scan at a time.
  const chains = {
    ethereum: {
      kind: 'evm',
      rpcUrl: anvil.url,
      xpub: testXpub("m/44'/60'/0'"),
      confirmations: 2,
      pollSeconds: 1,
      explorerTxUrl: 'https://explorer.test/tx/{tx}',
      startHeight: await payer.height(),
      coins: { ethereum: { native: true } },
    },
  };
  const wallets = Object.fromEntries(
    Object.keys(operator.wallets).map((coin) => [coin, `cluster-test-${coin}-wallet`]),
  );
  const operatorConfig = join(tmpdir(), `${dir.split('/').at(-1)}-operator.json`);
  writeFileSync(operatorConfig, JSON.stringify({ ...operator, wallets, chains, marketApiBaseUrl: upstream.baseUrl }));
  state = await startCluster(
    {
      dir,
      ports,
      poolSize: 10,
      servePwa: false,
      // Every simulated investor comes from 127.0.0.1: sign-ins would pass their per-client limit.
      apiEnv: { OPERATOR_CONFIG: operatorConfig, RATE_LIMITS: 'off', LOG_LEVEL: 'warn' },
    },
    report,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${log}`);
  });
  investors = await seedLoadInvestors(pooledUrl(ports), 60);
  payingInvestors = await seedLoadInvestors(pooledUrl(ports), 6);
}, 240_000);

afterAll(async () => {
  await stopCluster(dir, report);
  await upstream?.close();
  await anvil?.stop();
  if (process.env.CLUSTER_TEST_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the cluster npm run cluster starts', () => {
  it('runs every part, the standby synchronous, the API only through PgBouncer', async () => {
    const status = (await clusterStatus(dir)).join('\n');
    expect(status).toMatch(/up {3}PostgreSQL primary .* primary, standby1 sync/);
    expect(status).toMatch(/up {3}PostgreSQL standby .* in recovery/);
    expect(status).toMatch(/up {3}HAProxy .*: api1 UP, api2 UP, api3 UP/);
    const [connections] = await openDatabase(directUrl(ports.primary))
      .raw<{ rows: { count: number }[] }>(
        "select count(*)::int as count from pg_stat_activity where datname = 'mining' and client_port is not null and application_name <> 'psql'",
      )
      .then((result) => result.rows);
    // PgBouncer's server connections only: at most its pool, whatever the replicas' pools add up to.
    expect(connections!.count).toBeLessThanOrEqual(40);
  });

  it('a replica SIGKILLed mid-load is out of HAProxy within 2 s; after retries no request failed and no write was doubled', async () => {
    const victim = state.replicas[1]!;
    let killedAt = 0;
    const loadStart = performance.now();
    const loading = runMixedLoad({
      baseUrl,
      investors,
      seconds: 30,
      concurrency: 8,
      onProgress: () => {
        if (!killedAt && performance.now() - loadStart > 12_000) {
          killedAt = performance.now();
          process.kill(victim.pid, 'SIGKILL');
        }
      },
    });
    const downAfterMs = await eventually('HAProxy did not mark the killed replica down', 20_000, async () => {
      if (!killedAt) return undefined;
      const servers = await balancerServers(state);
      return servers.api2?.startsWith('DOWN') ? performance.now() - killedAt : undefined;
    });
    const load = await loading;
    reports.push(load);
    log += `replica killed: out of HAProxy after ${downAfterMs.toFixed(0)} ms; ${load.totalRequests} requests, ${load.requestsPerSecond.toFixed(0)}/s, ${load.errorsFirstTry} failed first, ${load.errorsAfterRetries} after retries\n`;
    expect(isAlive(victim.pid, 'start.ts')).toBe(false);
    expect(downAfterMs).toBeLessThanOrEqual(2_000);
    expect(load.totalRequests).toBeGreaterThan(300);
    expect(failuresAfterRetries(load)).toEqual({});
    const verification = await verifyAcceptedWrites(pooledUrl(ports), load);
    expect(verification, JSON.stringify(verification)).toMatchObject({ ok: true, lost: [], doubled: [] });
    expect(verification.accepted.planPurchase).toBeGreaterThan(10);
    // Some purchases mature now: the maturity job pays them before or after the failover, once.
    matured.before = distinctUserPurchases(load, 10, new Set());
    await openDatabase(pooledUrl(ports))('investments')
      .whereIn('id', matured.before)
      .update({ matures_at: new Date(Date.now() - 60_000) });
  }, 90_000);

  it('the primary dies during a burst of writes: the standby takes over, the API answers again within 30 s without a restart, every 2xx write is on the new primary', async () => {
    const apiPids = [...state.replicas.filter((replica) => isAlive(replica.pid, 'start.ts')), state.jobs!].map(
      (p) => p.pid,
    );
    const db = openDatabase(pooledUrl(ports));
    const pending = await db('deposits').where({ status: 'pending' }).limit(40).pluck('id');
    await db.destroy();
    expect(pending.length).toBeGreaterThan(10);
    const admin = await adminToken();
    const quotes = await Promise.all(payingInvestors.map((investor) => ethQuote(investor, 100)));
    const pay = (quote: (typeof quotes)[number]) =>
      payer.payEth(quote.address, parseEther(quote.coinAmount)).then(() => paidQuotes.push(quote));
    for (const quote of quotes.slice(0, 3)) await pay(quote);
    const loading = runMixedLoad({ baseUrl, investors, seconds: 20, concurrency: 8 });
    // The operator confirms receipts throughout, one every 400 ms: some before, during and after the switch.
    const confirmations = confirmEach(admin, pending, 400);
    await wait(7_000);
    // Three more payments are mined while the primary goes away; the watchers see them on whichever primary is up.
    const [switched] = await Promise.all([
      failover(dir, report),
      (async () => {
        for (const quote of quotes.slice(3)) await pay(quote);
      })(),
    ]);
    await payer.mine(3);
    const [load, confirmed] = await Promise.all([loading, confirmations]);
    reports.push(load);
    log += `failover: PgBouncer switched after ${switched.switchMs.toFixed(0)} ms, the API answered after ${switched.serviceBackMs.toFixed(0)} ms; ${load.totalRequests} requests, ${load.errorsFirstTry} failed first, ${load.errorsAfterRetries} after retries; ${confirmed.accepted.length} confirmations\n`;
    expect(switched.serviceBackMs).toBeLessThan(30_000);
    expect(apiPids.every((pid) => isAlive(pid, 'api/scripts/'))).toBe(true);
    expect(failuresAfterRetries(load)).toEqual({});
    expect(confirmed.failed).toEqual([]);

    // On the new primary itself, not through PgBouncer: every write of both runs answered 2xx, once.
    const newPrimary = directUrl(switched.newPrimaryPort);
    const verification = await verifyAcceptedWrites(newPrimary, {
      investors,
      writes: reports.flatMap((r) => r.writes),
    });
    expect(verification, JSON.stringify(verification)).toMatchObject({ ok: true, lost: [], doubled: [] });
    const onNew = openDatabase(newPrimary);
    try {
      const decided = await onNew('deposits').whereIn('id', confirmed.accepted).pluck('status');
      expect(decided).toEqual(confirmed.accepted.map(() => 'confirmed'));
      const keys = await onNew('ledger_transactions')
        .whereIn(
          'idempotency_key',
          [...confirmed.accepted, ...confirmed.alreadyDecided].map((id) => `deposit:${id}`),
        )
        .select('idempotency_key')
        .count<{ idempotency_key: string; count: string }[]>('* as count')
        .groupBy('idempotency_key');
      expect(keys).toHaveLength(confirmed.accepted.length + confirmed.alreadyDecided.length);
      expect(keys.every((key) => Number(key.count) === 1)).toBe(true);
      // And more purchases mature on the new primary: only the jobs running against it can pay these.
      matured.after = distinctUserPurchases(load, 10, new Set(matured.before));
      await onNew('investments')
        .whereIn('id', matured.after)
        .update({ matures_at: new Date(Date.now() - 60_000) });
    } finally {
      await onNew.destroy();
    }
    const ledgerCheck = await runLedgerCheck(newPrimary);
    expect(ledgerCheck.output).toContain('Ledger consistent');
    expect(ledgerCheck.code).toBe(0);
  }, 120_000);

  it('the jobs resume on the new primary: each matured plan paid and told once, each notification mailed once, one liability snapshot for the day', async () => {
    const newPrimary = directUrl(readState(dir)!.primary.port);
    const db = openDatabase(newPrimary);
    try {
      const ids = [...matured.before, ...matured.after];
      expect(matured.after.length).toBeGreaterThan(0);
      // The maturity job runs every minute in each replica and in npm run jobs.
      await eventually('the matured plans were not all paid', 75_000, async () => {
        const open = await db('investments')
          .whereIn('id', ids)
          .whereNot({ status: 'matured' })
          .count<{ count: string }[]>('* as count');
        return Number(open[0]!.count) === 0 ? true : undefined;
      });
      const payouts = await db('ledger_transactions')
        .whereIn(
          'idempotency_key',
          ids.map((id) => `maturity:${id}`),
        )
        .pluck('idempotency_key');
      expect(payouts.sort()).toEqual(ids.map((id) => `maturity:${id}`).sort());
      const told = await db('notifications')
        .whereIn(
          'event_key',
          ids.map((id) => `plan-matured:${id}`),
        )
        .pluck('event_key');
      expect(told).toHaveLength(ids.length);

      // Every e-mail delivery of the run's investors is sent (the job runs every 5 s), and each is one mail.
      const userIds = investors.map((investor) => investor.id);
      const emails = investors.map((investor) => investor.email);
      const deliveries = () =>
        db('notification_deliveries as d')
          .join('notifications as n', 'n.id', 'd.notification_id')
          .whereIn('n.user_id', userIds)
          .where('d.channel', 'email')
          .select('d.status', 'n.user_id');
      // A delivery a worker claimed as the primary died is left to it until its claim runs out, then sent by another.
      await eventually('the e-mail deliveries were not all sent', deliveryLeaseMs + 15_000, async () =>
        (await deliveries()).every((delivery) => delivery.status === 'sent') ? true : undefined,
      );
      const sent = await deliveries();
      // The sign-in alert is mailed at once by the sign-in itself, not through a delivery row.
      const mails = await db('mail_outbox')
        .whereIn('to_address', emails)
        .whereNot('subject', 'like', '%sign-in from a new browser')
        .count<{ count: string }[]>('* as count');
      expect(sent.length).toBeGreaterThan(ids.length);
      expect(Number(mails[0]!.count)).toBe(sent.length);

      // Each on-chain payment credited once, at its quote's amount, whichever watcher (replica or npm run jobs) saw it.
      await eventually('the on-chain payments were not all credited', 30_000, async () => {
        const credited = await db('chain_payments')
          .whereIn(
            'quote_id',
            paidQuotes.map((quote) => quote.quoteId),
          )
          .whereNotNull('credited_at')
          .count<{ count: string }[]>('* as count');
        return Number(credited[0]!.count) === paidQuotes.length ? true : undefined;
      });
      for (const quote of paidQuotes) {
        const payments = await db('chain_payments').where({ quote_id: quote.quoteId }).select('credited_cents');
        const chainCredits = await db('ledger_transactions')
          .where('idempotency_key', 'like', 'deposit:ethereum:%')
          .andWhereRaw("details->>'quoteId' = ?", [quote.quoteId])
          .count<{ count: string }[]>('* as count');
        expect(payments.map((payment) => Number(payment.credited_cents))).toEqual([quote.amountCents]);
        expect(Number(chainCredits[0]!.count)).toBe(1);
      }

      const snapshots = await db('liability_snapshots')
        .whereNotNull('daily_key')
        .count<{ count: string }[]>('* as count');
      expect(Number(snapshots[0]!.count)).toBe(1);
    } finally {
      await db.destroy();
      console.log(log);
    }
  }, 180_000);
  it('a new synchronous standby is attached where the old primary was, and a commit through the API is on both', async () => {
    await attachStandby(dir, report);
    const after = readState(dir)!;
    expect(after.standby?.port).toBe(ports.primary);
    const onPrimary = openDatabase(directUrl(after.primary.port));
    const replication = await onPrimary
      .raw<{ rows: { application_name: string; sync_state: string }[] }>(
        'select application_name, sync_state from pg_stat_replication',
      )
      .then((result) => result.rows)
      .finally(() => onPrimary.destroy());
    expect(replication).toEqual([{ application_name: 'standby1', sync_state: 'sync' }]);
    // A quote answered 201 now reaches the standby (synchronous commit: flushed there before the answer).
    const investor = investors[0]!;
    const { token } = await postJson('/api/signin', { email: investor.email, password: investor.password });
    const { quote } = await postJson('/api/deposit-quotes', { amount: 50, coin: 'ethereum' }, token);
    const onStandby = openDatabase(directUrl(after.standby!.port));
    try {
      await eventually('the quote did not reach the standby', 5_000, async () =>
        (await onStandby('deposit_quotes').where({ id: quote.id }).first('id')) ? true : undefined,
      );
    } finally {
      await onStandby.destroy();
    }
  }, 60_000);
});

/** What failed after every retry, by kind: each kind's last status or network error → count. */
const failuresAfterRetries = (load: LoadReport) =>
  Object.fromEntries(
    load.kinds.filter((kind) => kind.errorsAfterRetries > 0).map((kind) => [kind.kind, kind.finalFailures]),
  );

/** Up to `count` purchases the load was answered 2xx for, one per investor, none of `taken`'s investors. */
function distinctUserPurchases(load: LoadReport, count: number, takenIds: Set<string>) {
  const users = new Set<string>();
  const ids: string[] = [];
  for (const write of load.writes) {
    if (write.kind !== 'planPurchase' || write.outcome !== 'accepted' || !write.id) continue;
    if (users.has(write.userId) || takenIds.has(write.id)) continue;
    users.add(write.userId);
    ids.push(write.id);
    if (ids.length === count) break;
  }
  return ids;
}

/** POST through HAProxy, once; its JSON answer, or an error naming the status. */
async function postJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A $`usd` ETH quote for `investor`, asked through HAProxy: where to pay and how much. */
async function ethQuote(investor: LoadInvestor, usd: number) {
  const { token } = await postJson('/api/signin', { email: investor.email, password: investor.password });
  const { quote } = await postJson('/api/deposit-quotes', { amount: usd, coin: 'ethereum' }, token);
  return {
    userId: investor.id,
    quoteId: String(quote.id),
    address: String(quote.address),
    coinAmount: String(quote.coinAmount),
    amountCents: usd * 100,
  };
}

async function adminToken() {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: state.apiEnv.ADMIN_EMAIL, password: state.apiEnv.ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * Confirms each receipt as the admin desk does, one every `everyMs`, retrying what never got an answer (a network
 * error, 502-504). A retry answered 409 found its first try applied: counted apart, checked in the ledger too.
 */
async function confirmEach(token: string, depositIds: string[], everyMs: number) {
  const client = createClient(baseUrl, 2);
  const result = { accepted: [] as string[], alreadyDecided: [] as string[], failed: [] as string[] };
  await Promise.all(
    depositIds.map(async (id, index) => {
      await wait(index * everyMs);
      const outcome = await sendWithRetries(
        client,
        {
          method: 'POST',
          path: `/api/admin/confirm-receipt/${id}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: Buffer.from('{}'),
        },
        defaultRetryPolicy,
      );
      const status = 'answer' in outcome.last ? outcome.last.answer.status : 0;
      if (status >= 200 && status < 300) result.accepted.push(id);
      else if (status === 409 && outcome.attempts.length > 1) result.alreadyDecided.push(id);
      else result.failed.push(`${id}: ${'answer' in outcome.last ? status : outcome.last.error}`);
    }),
  );
  client.close();
  return result;
}

function runLedgerCheck(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/scripts/ledger-check.ts'], {
      cwd: rootDir,
      env: { ...process.env, ...state.apiEnv, DATABASE_URL: databaseUrl, DATABASE_POOL_MODE: 'session' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}
