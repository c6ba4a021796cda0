import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../lib/database-unavailable';
import { DomainError, type DomainErrorKind } from '../lib/domain-errors';
import type { Logger } from '../lib/logger';

const requestIdPattern = /^[\w-]{8,64}$/;

/** Request id, structured access log, and the one place errors become responses. */
export function requestContext(logger: Logger): Middleware {
  // A request line holds only the fields below, none of them secret: it skips the redaction pass, which walks every
  // key of every line for the wildcard paths and cost about a tenth of a cached public read.
  const requestLog = logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = requestIdPattern.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } catch (error) {
      respondWithError(ctx, error, logger, requestId);
    } finally {
      // Path only: query strings can carry one-time tokens.
      requestLog.info(
        {
          requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}

/** The one mapping from what went wrong to an HTTP status. */
const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-media': 415,
  'key-reused': 422,
  unprocessable: 422,
  'rate-limited': 429,
  unavailable: 503,
};

const bodyParserMessages: Record<number, string> = {
  400: 'Malformed request body',
  413: 'Request body too large',
  415: 'Unsupported content type',
};

function respondWithError(ctx: Parameters<Middleware>[0], error: unknown, logger: Logger, requestId: string) {
  if (error instanceof DomainError) {
    ctx.status = statusOfKind[error.kind];
    if (error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
    ctx.body = { message: error.message, ...(error.errors && { errors: error.errors }), ...error.details };
    return;
  }
  const status = (error as { status?: number; expose?: boolean }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Errors thrown by koa-body and friends: a client mistake, told plainly.
    ctx.status = status;
    ctx.body = { message: bodyParserMessages[status] ?? 'Bad request' };
    return;
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ requestId, err: error, method: ctx.method, path: ctx.path }, 'database unavailable');
    ctx.status = 503;
    ctx.set('Retry-After', String(databaseRetryAfterSeconds));
    ctx.body = { message: 'Service temporarily unavailable' };
    return;
  }
  logger.error({ requestId, err: error, method: ctx.method, path: ctx.path }, 'unhandled error');
  ctx.status = 500;
  ctx.body = { message: 'Internal error', requestId };
}
