import pino from 'pino';

export type Logger = pino.Logger;

/** Where log lines go: a file descriptor or stream pino writes to. */
export type LogDestination = pino.DestinationStream;

// Defence in depth: even if a handler logs a body, these never reach the log.
const redact = {
  paths: [
    'password',
    '*.password',
    '*.newPassword',
    '*.oldPassword',
    'token',
    '*.token',
    'req.headers.authorization',
    'req.headers.cookie',
    'authorization',
    'cookie',
  ],
  censor: '[redacted]',
};

/**
 * Standard output in 4 KB batches: a write per request line cost ~40% of the cached public reads. The batches are
 * written synchronously, so nothing is ever in flight in the thread pool when the process exits (an asynchronous write
 * still queued there is lost by process.exit); what is buffered is flushed on exit and at least once a second.
 */
export function batchedStdout(): LogDestination {
  const stream = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 1000 });
  process.on('exit', () => stream.flushSync());
  return stream;
}

export function createLogger(level: string, destination: LogDestination = batchedStdout()): Logger {
  return pino({ level, redact }, destination);
}

/**
 * Readable lines for a person at a terminal in development (pino-pretty, a dev dependency); JSON everywhere else,
 * for log collectors. Falls back to JSON when pino-pretty is not installed (a production install).
 */
export async function terminalLogDestination(nodeEnv: string): Promise<LogDestination> {
  if (nodeEnv === 'production' || !process.stdout.isTTY) return batchedStdout();
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return batchedStdout();
  }
}
