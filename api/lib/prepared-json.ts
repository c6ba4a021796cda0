import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A JSON answer serialised, UTF-8 encoded and compressed once, with an ETag per encoding, for reads that many
 * visitors share: per request there is nothing left to do but pick the copy the client takes. The coin list is
 * 16 kB as JSON and about a fifth of that compressed, which is what a phone on a mobile network feels.
 */
export interface PreparedJson {
  copies: Record<Encoding, { body: Buffer; etag: string }>;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  // Each encoding is its own representation, so each has its own validator.
  return {
    copies: {
      identity: { body, etag: `"${hash}"` },
      br: { body: brotli, etag: `"${hash}-br"` },
      gzip: { body: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"` },
    },
  };
}

/** The copy a client's Accept-Encoding asks for, remembered per header value: browsers send only a few. */
const encodingByHeader = new Map<string, Encoding>();
const encodingsRemembered = 64;

function preferredEncoding(ctx: Context): Encoding {
  const header = ctx.get('accept-encoding');
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    // Brotli whenever accepted, whatever the order the browser lists it in (as the PWA's own files are sent).
    encoding = (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name, 'identity') === name) ?? 'identity';
    if (encodingByHeader.size < encodingsRemembered) encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/**
 * Sends a prepared answer in the encoding the client prefers (brotli, gzip, else as is); a client already
 * holding it (If-None-Match) gets a bodiless 304.
 * `no-cache`: browsers may keep it but must revalidate, so a change shows on the next request.
 */
export function sendPreparedJson(ctx: Context, prepared: PreparedJson) {
  const encoding = preferredEncoding(ctx);
  const copy = prepared.copies[encoding];
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', copy.etag);
  ctx.status = 200;
  if (ctx.get('if-none-match') && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = copy.body;
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
