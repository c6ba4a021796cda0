import type { Knex } from 'knex';
import type { Middleware, ParameterizedContext } from 'koa';
import { idempotencyKeySchema } from '../contracts/deposits';
import type { AppState } from './app-state';
import type { Clock } from './clock';
import { DomainError } from './domain-errors';
import {
  claimRequestKey,
  findStoredRequest,
  releasePendingRequest,
  storeAnswer,
  takeOverPendingRequest,
  type IdempotentRequestKey,
  type StoredRequest,
} from './idempotency.repo';
import { assertSameRequest, requestFingerprint } from './request-fingerprint';
import { parseOrThrow } from './validate';

/** A first attempt still 'pending' after this long died with its server process: a replay runs it again. */
const pendingGivesUpAfterMs = 60_000;
// Answers are kept as long as the account: the PWA's outbox holds a receipt or an edit until it is sent, however
// long the phone stays offline, and a replay after any expiry would create a second deposit or undo a later edit.

export const stillProcessing = () =>
  new DomainError('conflict', 'This request is still being processed, please try again shortly', {
    retryAfterSeconds: 2,
  });

/** The same JSON whatever the order of an object's keys. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Options = {
  /** Names the route: a key is unique per user and scope. */
  scope: string;
  db: Knex;
  clock: Clock;
  /** Body fields left out of the fingerprint (a confirming password is never hashed into a stored value). */
  unfingerprinted?: readonly string[];
  /**
   * What identifies the request, when the JSON body does not (a multipart upload: its fields and the file's
   * hash). Runs before the key is claimed, so input it refuses leaves no row behind.
   */
  requestParts?: (ctx: ParameterizedContext<AppState>) => Parameters<typeof requestFingerprint>[0];
};

function bodyParts(body: unknown, unfingerprinted: readonly string[]) {
  const copy = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : body;
  if (copy && typeof copy === 'object')
    for (const field of unfingerprinted) delete (copy as Record<string, unknown>)[field];
  return { body: stableJson(copy) };
}

/** The stored row's key and this request's fingerprint, when the request carries an `Idempotency-Key`. */
function requestKeyOf(
  ctx: ParameterizedContext<AppState>,
  { scope, unfingerprinted = [], requestParts }: Options,
): { where: IdempotentRequestKey; fingerprint: string } | undefined {
  const header = ctx.get('idempotency-key');
  if (!header) return undefined;
  const key = parseOrThrow(idempotencyKeySchema, header);
  return {
    where: { user_id: ctx.state.auth!.userId, scope, key },
    fingerprint: requestFingerprint(requestParts ? requestParts(ctx) : bodyParts(ctx.request.body, unfingerprinted)),
  };
}

/** Answers a replay with the first attempt's answer: its 201 comes back as 200, with the same body. */
function replay(ctx: ParameterizedContext<AppState>, earlier: StoredRequest) {
  ctx.status = earlier.response_status === 201 || earlier.response_status === null ? 200 : earlier.response_status;
  ctx.body = earlier.response_body;
  ctx.set('Idempotent-Replayed', 'true');
}

/**
 * Wraps a signed-in route's handler so a request with an `Idempotency-Key` header is applied once: the first
 * 2xx answer is stored with the request's fingerprint and returned to every replay of that key; the key with a
 * different body is refused (422); a replay arriving while the first attempt still runs gets 409 with
 * Retry-After. A failed first attempt stores nothing, so its replay runs again. Without the header the handler
 * runs as before.
 */
export function idempotentRoute(options: Options, handler: Middleware<AppState>): Middleware<AppState> {
  const { db, clock } = options;
  return async (ctx, next) => {
    const requestKey = requestKeyOf(ctx, options);
    if (!requestKey) return handler(ctx, next);
    const { where, fingerprint } = requestKey;

    const earlier = await claim();
    if (earlier) return replay(ctx, earlier);
    try {
      await handler(ctx, next);
    } catch (error) {
      await releasePendingRequest(db, where);
      throw error;
    }
    if (ctx.status >= 200 && ctx.status < 300) await storeAnswer(db, where, ctx.status, ctx.body);
    else await releasePendingRequest(db, where);

    /** null: this request runs the handler; otherwise the finished first attempt. */
    async function claim(): Promise<StoredRequest | null> {
      const now = clock.now();
      // The primary key settles racing replays: exactly one claim goes through.
      if (await claimRequestKey(db, where, fingerprint, now)) return null;
      const stored = await findStoredRequest(db, where);
      // The first attempt failed and let go of the key just now: this one runs instead.
      if (!stored) return claim();
      assertSameRequest(stored.request_fingerprint, fingerprint);
      if (stored.state === 'done') return stored;
      if (now.getTime() - new Date(stored.created_at).getTime() < pendingGivesUpAfterMs) throw stillProcessing();
      if (!(await takeOverPendingRequest(db, where, stored.created_at, now))) throw stillProcessing();
      return null;
    }
  };
}

/** Thrown inside the transaction to undo it when the handler answered without succeeding (a 4xx it set itself). */
class NotSucceeded extends Error {}

/**
 * As idempotentRoute, for a handler whose writes can all go through one transaction it is given: the key's claim,
 * those writes and the stored answer commit together. A process killed anywhere in between leaves nothing, so the
 * replay simply runs (no 'pending' key to wait out); a replay racing the first attempt waits on the key's row and
 * then gets the first answer, or runs if the first failed. Without the header the handler runs in a transaction
 * of its own.
 */
export function idempotentTransaction(
  options: Options & {
    /**
     * Checks that cannot run inside the transaction (a two-factor code, with its own commits): run before it, and
     * skipped when the key already has its answer, so a replay after a lost answer does not ask for a new code.
     */
    checkFirst?: (ctx: ParameterizedContext<AppState>) => Promise<void>;
  },
  handler: (ctx: ParameterizedContext<AppState>, trx: Knex.Transaction) => Promise<void>,
): Middleware<AppState> {
  const { db, clock, checkFirst } = options;
  return async (ctx) => {
    const requestKey = requestKeyOf(ctx, options);
    if (!requestKey) {
      await checkFirst?.(ctx);
      return db.transaction((trx) => handler(ctx, trx));
    }
    const { where, fingerprint } = requestKey;
    const answered = checkFirst && (await findStoredRequest(db, where));
    if (checkFirst && answered?.state !== 'done') await checkFirst(ctx);
    let earlier: StoredRequest | null;
    try {
      earlier = await db.transaction(async (trx) => {
        const now = clock.now();
        // Waits while another transaction holds an uncommitted claim of this key, then sees what it left.
        if (!(await claimRequestKey(trx, where, fingerprint, now))) {
          const stored = (await findStoredRequest(trx, where))!;
          assertSameRequest(stored.request_fingerprint, fingerprint);
          if (stored.state === 'done') return stored;
          // A 'pending' row left by idempotentRoute's two steps (a route that moved here, or an older release).
          if (now.getTime() - new Date(stored.created_at).getTime() < pendingGivesUpAfterMs) throw stillProcessing();
          if (!(await takeOverPendingRequest(trx, where, stored.created_at, now))) throw stillProcessing();
        }
        await handler(ctx, trx);
        if (ctx.status < 200 || ctx.status >= 300) throw new NotSucceeded();
        await storeAnswer(trx, where, ctx.status, ctx.body);
        return null;
      });
    } catch (error) {
      if (error instanceof NotSucceeded) return;
      throw error;
    }
    if (earlier) replay(ctx, earlier);
  };
}
