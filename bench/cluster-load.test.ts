import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../api/test/database-target';
import { useTestApp } from '../api/test/test-app';
import {
  mixSchedule,
  requestMix,
  requestKinds,
  runMixedLoad,
  seedLoadInvestors,
  verifyAcceptedWrites,
  type LoadInvestor,
  type LoadReport,
} from './cluster-load';
import { createClient, sendWithRetries } from './load-http';

const app = useTestApp();
let databaseUrl: string;
let investors: LoadInvestor[];

beforeAll(async () => {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('the load generator seeds and verifies on PostgreSQL');
  const { rows } = await app.db.raw<{ rows: { name: string }[] }>('select current_database() as name');
  databaseUrl = withDatabase(target.serverUrl, rows[0]!.name);
  investors = await seedLoadInvestors(databaseUrl, 12);
});

interface ProxyLog {
  key?: string;
  path: string;
  /** What the proxy did: passed the answer on, answered 503 itself, or let the server answer and then dropped it. */
  action: 'passed' | '503' | 'answer-lost';
  status?: number;
  replayed?: boolean;
}

/** A tiny proxy in front of the app that fails some requests the way a balancer or a dying replica does. */
async function startFaultyProxy(target: string, fault: (n: number, incoming: IncomingMessage) => ProxyLog['action']) {
  const log: ProxyLog[] = [];
  let n = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const action = fault(n++, incoming);
      const entry: ProxyLog = {
        path: incoming.url!,
        action,
        key: incoming.headers['idempotency-key'] as string | undefined,
      };
      log.push(entry);
      if (action === '503') {
        outgoing.writeHead(503, { 'retry-after': '0' }).end();
        return;
      }
      const { host: _host, ...headers } = incoming.headers;
      const forward = request(`${target}${incoming.url}`, { method: incoming.method, headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          entry.status = answer.statusCode;
          entry.replayed = answer.headers['idempotent-replayed'] === 'true';
          // The server did the work; the answer never reaches the investor.
          if (action === 'answer-lost') return incoming.socket.destroy();
          outgoing.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
        });
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

const count = (report: LoadReport, kind: string) => report.kinds.find((row) => row.kind === kind)!.requests;

describe('the mixed load', () => {
  let clean: LoadReport;

  it("sends the issue's mix through the real routes, and every accepted write is in the database once", async () => {
    const schedule = mixSchedule();
    expect(
      Object.fromEntries(requestKinds.map((kind) => [kind, schedule.filter((slot) => slot === kind).length])),
    ).toEqual(requestMix);
    // Two hundred requests (a few seconds here), the time limit only a backstop.
    clean = await runMixedLoad({ baseUrl: app.url, investors, seconds: 30, maxRequests: 200, concurrency: 4 });

    expect(clean.errorsFirstTry).toBe(0);
    // The schedule is walked in order: two hundreds hold each kind twice its share.
    expect(Object.fromEntries(requestKinds.map((kind) => [kind, count(clean, kind) / 2]))).toEqual(requestMix);
    for (const kind of ['receiptUpload', 'planPurchase', 'withdrawal'] as const) {
      const sent = clean.writes.filter((write) => write.kind === kind);
      expect(sent).toHaveLength(count(clean, kind));
      expect(sent.every((write) => write.outcome === 'accepted' && write.tries === 1)).toBe(true);
    }
    const verification = await verifyAcceptedWrites(databaseUrl, clean);
    expect(verification).toMatchObject({ ok: true, lost: [], doubled: [], unexpected: [], ledgerProblems: [] });
    expect(verification.accepted.receiptUpload).toBe(count(clean, 'receiptUpload'));
    // The real routes wrote: receipts as pending deposits with their PNG, each purchase and withdrawal in the ledger.
    const ids = investors.map((investor) => investor.id);
    const receipts = await app
      .db('deposits')
      .join('receipt_files', 'receipt_files.id', 'deposits.receipt_file_id')
      .whereIn('deposits.user_id', ids)
      .where({ status: 'pending', content_type: 'image/png' })
      .count<{ count: string }[]>('deposits.id as count');
    expect(Number(receipts[0]!.count)).toBe(count(clean, 'receiptUpload'));
    const holds = await app
      .db('ledger_transactions')
      .whereIn('subject_user_id', ids)
      .where({ kind: 'withdrawal_hold' });
    expect(holds).toHaveLength(count(clean, 'withdrawal'));
  }, 60_000);

  it('retries a failed request with the same Idempotency-Key, so a write whose answer was lost is not doubled', async () => {
    // Every 9th request gets a 503 from the "balancer"; each write's first attempt is done and its answer lost.
    const writePaths = ['/api/upload-receipt', '/api/investments', '/api/withdrawals'];
    const seenKeys = new Set<string>();
    const proxy = await startFaultyProxy(app.url, (n, incoming) => {
      const key = incoming.headers['idempotency-key'] as string | undefined;
      if (writePaths.includes(incoming.url!) && key && !seenKeys.has(key)) {
        seenKeys.add(key);
        return 'answer-lost';
      }
      return n % 9 === 4 ? '503' : 'passed';
    });
    let report: LoadReport;
    try {
      report = await runMixedLoad({ baseUrl: proxy.url, investors, seconds: 30, maxRequests: 100, concurrency: 4 });
    } finally {
      await proxy.close();
    }

    expect(report.errorsFirstTry).toBeGreaterThan(0);
    expect(report.errorsAfterRetries).toBe(0);
    const lost = proxy.log.filter((entry) => entry.action === 'answer-lost');
    expect(lost.length).toBe(
      count(report, 'receiptUpload') + count(report, 'planPurchase') + count(report, 'withdrawal'),
    );
    for (const entry of lost) {
      // The server took the first attempt; the retry carried the same key and got the stored answer back.
      expect(entry.status).toBe(201);
      const retries = proxy.log.filter(
        (other) => other.key === entry.key && other !== entry && other.action === 'passed',
      );
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries.at(-1)).toMatchObject({ status: 200, replayed: true });
    }
    for (const kind of ['receiptUpload', 'planPurchase', 'withdrawal'])
      expect(report.kinds.find((row) => row.kind === kind)!.firstTryFailures).toHaveProperty('ECONNRESET');
    expect(report.kinds.reduce((sum, row) => sum + (row.firstTryFailures['503'] ?? 0), 0)).toBeGreaterThan(0);

    const verification = await verifyAcceptedWrites(databaseUrl, {
      investors,
      writes: [...clean.writes, ...report.writes],
    });
    expect(verification).toMatchObject({ ok: true, lost: [], doubled: [], unexpected: [], ledgerProblems: [] });
  }, 60_000);

  it('reports a doubled and a lost write', async () => {
    const withdrawal = clean.writes.find((write) => write.kind === 'withdrawal' && write.outcome === 'accepted')!;
    const receipt = clean.writes.find((write) => write.kind === 'receiptUpload' && write.outcome === 'accepted')!;
    // A second row for one withdrawal (as a retry that its route did not recognise would leave), and a receipt gone.
    const original = await app.db('withdrawals').where({ id: withdrawal.id }).first();
    const { id: _id, ...copy } = original;
    await app.db('withdrawals').insert(copy);
    await app.db('deposits').where({ id: receipt.id }).delete();

    const verification = await verifyAcceptedWrites(databaseUrl, clean);
    expect(verification.ok).toBe(false);
    expect(verification.doubled).toEqual([expect.stringContaining(withdrawal.idempotencyKey)]);
    expect(verification.lost).toEqual([expect.stringContaining(receipt.id!)]);
    // The copy posted nothing: its hold is missing and the investor's balances no longer follow the rows.
    expect(verification.ledgerProblems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ledger transaction withdrawal-hold:.* missing$/)]),
    );
  }, 60_000);
});

describe('retries', () => {
  let server: Server;
  let url: string;
  const bodies: string[] = [];
  beforeAll(async () => {
    server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        bodies.push(`${incoming.headers['idempotency-key']} ${Buffer.concat(chunks).toString()}`);
        outgoing.writeHead(503).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('stop after the tries or the budget, each sending the same bytes', async () => {
    const client = createClient(url, 1);
    const request = {
      method: 'POST' as const,
      path: '/api/withdrawals',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'load-test-key-1' },
      body: Buffer.from('{"amount":"1.01","method":"Bitcoin"}'),
    };
    // Generous timeouts: on a loaded machine an answer may take seconds, and a timed-out try would not be a 503.
    const fewTries = await sendWithRetries(client, request, {
      tries: 4,
      budgetMs: 60_000,
      attemptTimeoutMs: 10_000,
      backoffMs: 10,
    });
    expect(fewTries.attempts.map((attempt) => ('answer' in attempt ? attempt.answer.status : attempt.error))).toEqual([
      503, 503, 503, 503,
    ]);
    expect(new Set(bodies)).toEqual(new Set(['load-test-key-1 {"amount":"1.01","method":"Bitcoin"}']));
    const shortBudget = await sendWithRetries(client, request, {
      tries: 10,
      budgetMs: 1_000,
      attemptTimeoutMs: 1_000,
      backoffMs: 200,
    });
    // Waits back off from 200 ms with ±50 % jitter (100, 200, 400, 800 ms at least): a 1 s budget ends it by the
    // fourth try, where the ten tries alone would go on.
    expect(shortBudget.attempts.length).toBeLessThanOrEqual(4);
    client.close();
  });

  it('retry a refused connection, and a 4xx not at all', async () => {
    const refused = createClient('http://127.0.0.1:1', 1);
    const policy = { tries: 3, budgetMs: 2_000, attemptTimeoutMs: 500, backoffMs: 10 };
    const down = await sendWithRetries(refused, { method: 'GET', path: '/api/plans', headers: {} }, policy);
    expect(down.attempts.map((attempt) => ('error' in attempt ? attempt.error : attempt.answer.status))).toEqual([
      'ECONNREFUSED',
      'ECONNREFUSED',
      'ECONNREFUSED',
    ]);
    refused.close();
    const client = createClient(app.url, 1);
    const unauthorised = await sendWithRetries(client, { method: 'GET', path: '/api/dashboard', headers: {} }, policy);
    expect(unauthorised.attempts).toHaveLength(1);
    client.close();
  });
});
