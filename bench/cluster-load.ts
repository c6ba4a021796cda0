import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { centsToDollarText } from '../api/contracts/money';
import type { Plan } from '../api/contracts/plans';
import {
  createClient,
  defaultRetryPolicy,
  describeAttempt,
  isRetryable,
  isSuccess,
  sendWithRetries,
  type Client,
  type LoadRequest,
  type Outcome,
  type RetryPolicy,
} from './load-http';
import { receiptPng, seedLoadInvestors, type LoadInvestor } from './load-investors';
import type { WriteKind, WriteRecord } from './load-verify';

export { verifyAcceptedWrites, type WriteKind, type WriteRecord, type WriteVerification } from './load-verify';
export { seedLoadInvestors, type LoadInvestor } from './load-investors';
export { defaultRetryPolicy, type RetryPolicy } from './load-http';

/** Issue 36's mix of what investors do, per 100 requests. */
export const requestMix = {
  dashboard: 40,
  plans: 20,
  transactions: 10,
  market: 10,
  signIn: 5,
  receiptUpload: 5,
  planPurchase: 5,
  withdrawal: 5,
} as const;
export type RequestKind = keyof typeof requestMix;
export const requestKinds = Object.keys(requestMix) as RequestKind[];
const writeKinds: readonly RequestKind[] = ['receiptUpload', 'planPurchase', 'withdrawal'];

/**
 * 100 slots holding each kind its share of times, spread out (the kind furthest behind its share goes next), so any
 * 100 consecutive requests keep the mix and writes are not bunched.
 */
export function mixSchedule(mix: Record<RequestKind, number> = requestMix): RequestKind[] {
  if (requestKinds.reduce((sum, kind) => sum + mix[kind], 0) !== 100) throw new Error('a mix is per 100 requests');
  const schedule: RequestKind[] = [];
  const counts = new Map(requestKinds.map((kind) => [kind, 0]));
  for (let slot = 1; slot <= 100; slot++) {
    const behind = (kind: RequestKind) => (mix[kind] * slot) / 100 - counts.get(kind)!;
    const next = requestKinds.reduce((best, kind) => (behind(kind) > behind(best) ? kind : best));
    counts.set(next, counts.get(next)! + 1);
    schedule.push(next);
  }
  return schedule;
}

export interface KindReport {
  kind: RequestKind;
  requests: number;
  /** Of requests answered 2xx, from the first attempt to the answer (retries and their waits included). */
  p50: number;
  p95: number;
  p99: number;
  /** Requests whose first attempt failed (a network error, a timeout or a non-2xx status). */
  errorsFirstTry: number;
  /** Requests still failed after every retry. */
  errorsAfterRetries: number;
  retried: number;
  /** What the failed first attempts and the final failures were: status or network error → count. */
  firstTryFailures: Record<string, number>;
  finalFailures: Record<string, number>;
}

export interface LoadReport {
  baseUrl: string;
  concurrency: number;
  startedAt: string;
  /** From the first request to the last answer. */
  seconds: number;
  totalRequests: number;
  requestsPerSecond: number;
  errorsFirstTry: number;
  errorsAfterRetries: number;
  kinds: KindReport[];
  /** Busy share of the machine's cores during the run (Linux /proc/stat), 0..1; null elsewhere. */
  machineBusy: number | null;
  /** CPU the generator itself used, per second of run (it shares the machine it measures). */
  generatorCpuMsPerSecond: number;
  investors: LoadInvestor[];
  writes: WriteRecord[];
}

export interface MixedLoadOptions {
  baseUrl: string;
  seconds: number;
  /** Stops after this many requests if sooner than `seconds` (a run of exact hundreds keeps the mix exact). */
  maxRequests?: number;
  /** Another mix per 100 requests (what one kind costs, alone): the issue's `requestMix` unless given. */
  mix?: Record<RequestKind, number>;
  /** Simulated investors with a request in flight at once (a closed loop: each sends its next on an answer). */
  concurrency: number;
  /** Investors already seeded (reused across runs), or how many to seed on `databaseUrl` first (default 200). */
  investors?: LoadInvestor[] | number;
  databaseUrl?: string;
  retry?: RetryPolicy;
  /** Called with the number of requests finished, about once a second. */
  onProgress?: (finished: number) => void;
}

interface InvestorState {
  investor: LoadInvestor;
  token: string;
  /** Writes sent so far per kind: the next write's amount tag. */
  sent: Record<WriteKind, number>;
}

/** Kept per investor across runs in this process, so runs over the same investors never reuse an amount tag. */
const writesSent = new WeakMap<LoadInvestor, Record<WriteKind, number>>();
const sentBy = (investor: LoadInvestor) => {
  if (!writesSent.has(investor)) writesSent.set(investor, { receiptUpload: 0, planPurchase: 0, withdrawal: 0 });
  return writesSent.get(investor)!;
};

const readHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const jsonHeaders = { accept: 'application/json', 'content-type': 'application/json' };

function json(body: Buffer): any {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

async function signIn(client: Client, investor: LoadInvestor, retry: RetryPolicy): Promise<Outcome> {
  return sendWithRetries(
    client,
    {
      method: 'POST',
      path: '/api/signin',
      headers: jsonHeaders,
      body: Buffer.from(JSON.stringify({ email: investor.email, password: investor.password })),
    },
    retry,
  );
}

/** Each investor signs in once through the API before the timed part: their first token. */
async function signInEveryone(client: Client, investors: LoadInvestor[], retry: RetryPolicy): Promise<InvestorState[]> {
  const states: InvestorState[] = [];
  let next = 0;
  const worker = async () => {
    while (next < investors.length) {
      const investor = investors[next++]!;
      const outcome = await signIn(client, investor, retry);
      const token = 'answer' in outcome.last ? json(outcome.last.answer.body)?.token : undefined;
      if (!isSuccess(outcome.last) || typeof token !== 'string')
        throw new Error(`${investor.email} could not sign in: ${describeAttempt(outcome.last)}`);
      states.push({ investor, token, sent: sentBy(investor) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return states;
}

/** The cheapest plan on sale: purchases stay small, and its version is the one the page would send. */
async function cheapestPlan(client: Client, retry: RetryPolicy): Promise<Plan> {
  const outcome = await sendWithRetries(client, { method: 'GET', path: '/api/plans', headers: jsonHeaders }, retry);
  const plans = 'answer' in outcome.last ? (json(outcome.last.answer.body)?.plans as Plan[] | undefined) : undefined;
  if (!isSuccess(outcome.last) || !plans?.length)
    throw new Error(`GET /api/plans: ${describeAttempt(outcome.last)}, no plan to buy`);
  return plans.reduce((best, plan) => (plan.minDeposit < best.minDeposit ? plan : best));
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----cluster-load-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function machineTicks(): { busy: number; total: number } | null {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

const tally = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Simulated investors against `baseUrl` (one server, or a load balancer in front of several) for `seconds`: the
 * issue's mix, each write with an Idempotency-Key and retried with it (the same bytes) on a network error, a
 * timeout, 502/503/504 or a 409 still-processing, reads retried alike, within `retry`. Investors are seeded on
 * `databaseUrl` (or passed in) and sign in through the API before the clock starts.
 */
export async function runMixedLoad(options: MixedLoadOptions): Promise<LoadReport> {
  const retry = options.retry ?? defaultRetryPolicy;
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const client = createClient(baseUrl, Math.max(options.concurrency, 4));
  try {
    let investors: LoadInvestor[];
    if (Array.isArray(options.investors)) investors = options.investors;
    else {
      if (!options.databaseUrl) throw new Error('runMixedLoad: give investors, or a databaseUrl to seed them on');
      investors = await seedLoadInvestors(options.databaseUrl, options.investors ?? 200);
    }
    if (investors.length === 0) throw new Error('runMixedLoad: no investors');
    const [states, plan] = await Promise.all([signInEveryone(client, investors, retry), cheapestPlan(client, retry)]);

    const run = randomBytes(4).toString('hex');
    const schedule = mixSchedule(options.mix);
    const perKind = new Map(
      requestKinds.map((kind) => [
        kind,
        {
          latencies: [] as number[],
          requests: 0,
          errorsFirstTry: 0,
          errorsAfterRetries: 0,
          retried: 0,
          firstTryFailures: {} as Record<string, number>,
          finalFailures: {} as Record<string, number>,
          // Each kind walks the investors in turn: writes and sign-ins spread evenly, whatever the mix's period.
          nextInvestor: 0,
        },
      ]),
    );
    const writes: WriteRecord[] = [];
    const tabs = ['deposit', 'withdrawal', 'others'];
    let slot = 0;
    let finished = 0;

    const withAuth = (state: InvestorState, headers: Record<string, string>) => ({
      ...headers,
      authorization: `Bearer ${state.token}`,
    });

    function requestFor(kind: RequestKind, state: InvestorState, n: number) {
      const key = `load-${run}-${n}`;
      switch (kind) {
        case 'dashboard':
          return { request: { method: 'GET', path: '/api/dashboard', headers: withAuth(state, readHeaders) } };
        case 'plans':
          return { request: { method: 'GET', path: '/api/plans', headers: readHeaders } };
        case 'transactions':
          return {
            request: {
              method: 'GET',
              path: `/api/transactions?tab=${tabs[n % tabs.length]}&page=1&pageSize=5`,
              headers: withAuth(state, readHeaders),
            },
          };
        case 'market':
          return { request: { method: 'GET', path: '/api/market/coins', headers: readHeaders } };
        case 'signIn':
          return {
            request: {
              method: 'POST',
              path: '/api/signin',
              headers: { ...jsonHeaders, 'idempotency-key': key },
              body: Buffer.from(JSON.stringify({ email: state.investor.email, password: state.investor.password })),
            },
          };
        case 'receiptUpload': {
          const amountCents = 10_000 + state.sent.receiptUpload++;
          const form = multipart(
            { email: state.investor.email, amount: centsToDollarText(amountCents), coin: 'bitcoin' },
            { name: 'receipt.png', type: 'image/png', bytes: receiptPng(key) },
          );
          return {
            amountCents,
            request: {
              method: 'POST',
              path: '/api/upload-receipt',
              headers: withAuth(state, {
                accept: 'application/json',
                'content-type': form.contentType,
                'idempotency-key': key,
              }),
              body: form.body,
            },
          };
        }
        case 'planPurchase': {
          const amountCents = plan.minDeposit * 100 + state.sent.planPurchase++;
          const body = { planId: plan.id, planVersion: plan.version, amount: centsToDollarText(amountCents) };
          return {
            amountCents,
            request: {
              method: 'POST',
              path: '/api/investments',
              headers: withAuth(state, { ...jsonHeaders, 'idempotency-key': key }),
              body: Buffer.from(JSON.stringify(body)),
            },
          };
        }
        case 'withdrawal': {
          const amountCents = 100 + state.sent.withdrawal++;
          const body = { amount: centsToDollarText(amountCents), method: 'Bitcoin' };
          return {
            amountCents,
            request: {
              method: 'POST',
              path: '/api/withdrawals',
              headers: withAuth(state, { ...jsonHeaders, 'idempotency-key': key }),
              body: Buffer.from(JSON.stringify(body)),
            },
          };
        }
      }
    }

    const createdId = (kind: RequestKind, body: any): string | undefined =>
      kind === 'receiptUpload'
        ? body?.deposit?.id
        : kind === 'planPurchase'
          ? body?.investment?.id
          : kind === 'withdrawal'
            ? body?.withdrawal?.id
            : undefined;

    async function one(n: number) {
      const kind = schedule[n % schedule.length]!;
      const stats = perKind.get(kind)!;
      const state = states[stats.nextInvestor++ % states.length]!;
      const { request, amountCents } = requestFor(kind, state, n) as { request: LoadRequest; amountCents?: number };
      const outcome = await sendWithRetries(client, request, retry);
      const [first] = outcome.attempts;
      const succeeded = isSuccess(outcome.last);
      stats.requests++;
      if (outcome.attempts.length > 1) stats.retried++;
      if (!isSuccess(first!)) {
        stats.errorsFirstTry++;
        tally(stats.firstTryFailures, describeAttempt(first!));
      }
      if (succeeded) stats.latencies.push(outcome.elapsedMs);
      else {
        stats.errorsAfterRetries++;
        tally(stats.finalFailures, describeAttempt(outcome.last));
      }
      const body = succeeded && 'answer' in outcome.last ? json(outcome.last.answer.body) : undefined;
      if (kind === 'signIn' && typeof body?.token === 'string') state.token = body.token;
      if (writeKinds.includes(kind)) {
        const last = describeAttempt(outcome.last);
        const id = createdId(kind, body);
        // A last attempt that could have gone again (the retries ran out) leaves the outcome unknown: failed, not refused.
        const refused = !succeeded && !isRetryable(outcome.last, true);
        writes.push({
          kind: kind as WriteKind,
          userId: state.investor.id,
          amountCents: amountCents!,
          idempotencyKey: request.headers['idempotency-key']!,
          outcome:
            succeeded && id
              ? 'accepted'
              : refused && 'answer' in outcome.last && outcome.last.answer.status < 500
                ? 'refused'
                : 'failed',
          ...(id && { id }),
          last,
          tries: outcome.attempts.length,
        });
      }
      finished++;
    }

    const ticksBefore = machineTicks();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    const progress = options.onProgress && setInterval(() => options.onProgress!(finished), 1000);
    try {
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          const more = () => performance.now() < deadline && slot < (options.maxRequests ?? Infinity);
          while (more()) await one(slot++);
        }),
      );
    } finally {
      if (progress) clearInterval(progress);
    }
    const seconds = (performance.now() - started) / 1000;
    const ticksAfter = machineTicks();
    const cpu = process.cpuUsage(cpuBefore);

    const kinds: KindReport[] = requestKinds.map((kind) => {
      const stats = perKind.get(kind)!;
      const sorted = stats.latencies.sort((a, b) => a - b);
      return {
        kind,
        requests: stats.requests,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        errorsFirstTry: stats.errorsFirstTry,
        errorsAfterRetries: stats.errorsAfterRetries,
        retried: stats.retried,
        firstTryFailures: stats.firstTryFailures,
        finalFailures: stats.finalFailures,
      };
    });
    const totalRequests = kinds.reduce((sum, kind) => sum + kind.requests, 0);
    return {
      baseUrl,
      concurrency: options.concurrency,
      startedAt: new Date(Date.now() - seconds * 1000).toISOString(),
      seconds,
      totalRequests,
      requestsPerSecond: totalRequests / seconds,
      errorsFirstTry: kinds.reduce((sum, kind) => sum + kind.errorsFirstTry, 0),
      errorsAfterRetries: kinds.reduce((sum, kind) => sum + kind.errorsAfterRetries, 0),
      kinds,
      machineBusy:
        ticksBefore && ticksAfter
          ? (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total)
          : null,
      generatorCpuMsPerSecond: (cpu.user + cpu.system) / 1000 / seconds,
      investors,
      writes,
    };
  } finally {
    client.close();
  }
}

const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([what, count]) => `${what}×${count}`)
    .join(' ');

/** The report as a table: one row per kind, then the totals. */
export function formatLoadReport(report: LoadReport): string {
  const header = [
    'kind',
    'requests',
    'share',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors 1st try',
    'after retries',
    'what failed',
  ];
  const row = (kind: KindReport) => [
    kind.kind,
    String(kind.requests),
    `${((100 * kind.requests) / Math.max(1, report.totalRequests)).toFixed(1)} %`,
    kind.p50.toFixed(1),
    kind.p95.toFixed(1),
    kind.p99.toFixed(1),
    String(kind.errorsFirstTry),
    String(kind.errorsAfterRetries),
    [
      describeCounts(kind.firstTryFailures),
      kind.errorsAfterRetries ? `final: ${describeCounts(kind.finalFailures)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  ];
  const cells = [
    ...report.kinds.map(row),
    [
      'all',
      String(report.totalRequests),
      '100 %',
      '',
      '',
      '',
      String(report.errorsFirstTry),
      String(report.errorsAfterRetries),
      '',
    ],
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const line = (cell: string[]) =>
    cell
      .map((text, column) => (column > 0 && column < 8 ? text.padStart(widths[column]!) : text.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const busy = report.machineBusy === null ? 'unknown' : `${(100 * report.machineBusy).toFixed(0)} %`;
  return [
    `${report.baseUrl}: ${report.concurrency} investors in flight for ${report.seconds.toFixed(1)} s: ` +
      `${report.totalRequests} requests, ${report.requestsPerSecond.toFixed(0)} req/s; machine busy ${busy}, ` +
      `the generator ${report.generatorCpuMsPerSecond.toFixed(0)} CPU ms/s`,
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.map(line),
  ].join('\n');
}
