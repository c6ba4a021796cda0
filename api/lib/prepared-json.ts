import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/** A JSON answer serialised once, with its ETag, for reads that many visitors share. */
export interface PreparedJson {
  body: string;
  etag: string;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Sends a prepared answer; a client already holding it (If-None-Match) gets a bodiless 304.
 * `no-cache`: browsers may keep it but must revalidate, so a change shows on the next request.
 */
export function sendPreparedJson(ctx: Context, prepared: PreparedJson) {
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', prepared.etag);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = prepared.body;
}

/**
 * Keeps the prepared form of the latest value `load` returns, re-reading after `ttlMs`; concurrent
 * requests share one read. A failed read is not kept, so the next request tries again.
 */
export function cachedPreparedJson(load: () => Promise<unknown>, ttlMs: number, now: () => number) {
  let held: { prepared: PreparedJson; expiresAt: number } | undefined;
  let loading: Promise<PreparedJson> | undefined;
  return async function get(): Promise<PreparedJson> {
    if (held && now() < held.expiresAt) return held.prepared;
    loading ??= load()
      .then((value) => {
        const prepared = prepareJson(value);
        held = { prepared, expiresAt: now() + ttlMs };
        return prepared;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
}
