import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  tries: number;
  /** No attempt starts, and none runs, past this many ms after the first began. */
  budgetMs: number;
  /** One attempt's limit, within the budget. */
  attemptTimeoutMs: number;
  /** The wait before the second attempt; doubled before each later one (with jitter). */
  backoffMs: number;
}

/**
 * Five tries within 10 s, waiting about 0.4, 0.8, 1.6 and 3.2 s between them: the first retry soon (a balancer sends
 * it to a live replica), the last ones late enough to ride out a replica's restart or most of a failover's gap.
 */
export const defaultRetryPolicy: RetryPolicy = { tries: 5, budgetMs: 10_000, attemptTimeoutMs: 5_000, backoffMs: 400 };

/** Keep-alive connections, at most one per simulated investor in flight, as browsers keep theirs. */
export function createClient(baseUrl: string, maxSockets: number) {
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets })
    : new HttpAgent({ keepAlive: true, maxSockets });
  const requestFn = secure ? httpsRequest : httpRequest;

  function send(request: LoadRequest, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = requestFn(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path: request.path,
          method: request.method,
          agent,
          headers: {
            ...request.headers,
            ...(request.body && { 'content-length': String(request.body.length) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
          });
          response.on('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
        },
      );
      // The socket goes with the request: a late answer on it must not be read as the next request's.
      const timer = setTimeout(
        () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
        timeoutMs,
      );
      outgoing.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      outgoing.end(request.body);
    });
  }

  return { send, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof createClient>;

/** What one attempt came to: an answer, or the network error's code (ECONNREFUSED, ECONNRESET, TIMEOUT…). */
export type Attempt = { answer: Answer } | { error: string };

export const isSuccess = (attempt: Attempt) =>
  'answer' in attempt && attempt.answer.status >= 200 && attempt.answer.status < 300;

/** How an attempt is written in the report: its status, or its network error. */
export const describeAttempt = (attempt: Attempt) =>
  'answer' in attempt ? String(attempt.answer.status) : attempt.error;

/**
 * Whether the same request may go again: a network error or a timeout (it may or may not have reached a server), a
 * balancer's or server's 502/503/504, and, for a write carrying an Idempotency-Key, the 409 with Retry-After that
 * says its first attempt is still running (api/lib/idempotent-route.ts).
 */
export function isRetryable(attempt: Attempt, keyed: boolean): boolean {
  if ('error' in attempt) return true;
  const { status, headers } = attempt.answer;
  if (status === 502 || status === 503 || status === 504) return true;
  return keyed && status === 409 && headers['retry-after'] !== undefined;
}

const errorCode = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));

export interface Outcome {
  /** Every attempt, in order. */
  attempts: Attempt[];
  last: Attempt;
  /** From the first attempt's start to the last one's end, waits included: what the investor waited. */
  elapsedMs: number;
}

/** Sends the request (the very same bytes, so the same Idempotency-Key) until it succeeds, fails for good, or the policy runs out. */
export async function sendWithRetries(client: Client, request: LoadRequest, policy: RetryPolicy): Promise<Outcome> {
  const started = performance.now();
  const keyed = request.headers['idempotency-key'] !== undefined;
  const attempts: Attempt[] = [];
  for (;;) {
    const remaining = policy.budgetMs - (performance.now() - started);
    const attempt: Attempt = await client.send(request, Math.max(1, Math.min(policy.attemptTimeoutMs, remaining))).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error: errorCode(error) }),
    );
    attempts.push(attempt);
    if (isSuccess(attempt) || !isRetryable(attempt, keyed) || attempts.length >= policy.tries) break;
    const retryAfterMs = 'answer' in attempt ? Number(attempt.answer.headers['retry-after']) * 1000 : NaN;
    const backoff = policy.backoffMs * 2 ** (attempts.length - 1) * (0.5 + Math.random());
    const wait = Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? retryAfterMs : backoff;
    // A wait that would end past the budget leaves no time for the attempt: give up now.
    if (performance.now() - started + wait >= policy.budgetMs) break;
    await new Promise((done) => setTimeout(done, wait));
  }
  return { attempts, last: attempts.at(-1)!, elapsedMs: performance.now() - started };
}
