// Failures that mean "the database cannot be reached right now", not "this request is wrong":
// the caller should retry later, so they answer 503 rather than 500.
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);
// SQLSTATE: class 08 connection exceptions, shutdown in progress, too many connections,
// a database that refuses connections (ALLOW_CONNECTIONS false).
const unavailableStates = /^(08...|57P0[1-3]|53300|55000)$/;
const poolMessages =
  /Unable to acquire a connection|Connection terminated|Knex: Timeout acquiring a connection|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const failure = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!failure || typeof failure !== 'object') return false;
  if (typeof failure.code === 'string' && (socketCodes.has(failure.code) || unavailableStates.test(failure.code)))
    return true;
  if (failure.name === 'KnexTimeoutError') return true;
  return typeof failure.message === 'string' && poolMessages.test(failure.message);
}

export const databaseRetryAfterSeconds = 5;
