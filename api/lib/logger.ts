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

type PrettyEntry = { time?: number; level?: number; msg?: string; err?: unknown; [field: string]: unknown };

// Stand-ins replaced after pino-pretty made the line (invisible separators, never in a log message).
const statusMark = '\u2063status\u2063';
const detailsMark = '\u2063details\u2063';
const statusColour = (status: unknown) =>
  typeof status !== 'number' ? 0 : status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : 32;

/**
 * One line per entry for a person at a terminal: a request as `GET /api/plans 200 12 ms`, anything else as its
 * message with its fields as `key=value` after it, an error with its stack below. `prettify` is pino-pretty's
 * formatter (time and level, coloured or not), `write` where the text goes.
 */
export function readableLines(
  prettify: (entry: PrettyEntry) => string,
  write: (text: string) => void,
  colour: boolean,
): LogDestination {
  const paint = (code: number, text: string) => (colour && code ? `\x1b[${code}m${text}\x1b[39m` : text);
  const dim = (text: string) => (colour ? `\x1b[2m${text}\x1b[22m` : text);
  return {
    write(line: string) {
      let entry: PrettyEntry;
      try {
        entry = JSON.parse(line) as PrettyEntry;
      } catch {
        write(line);
        return;
      }
      const { time, level, msg = '', pid: _pid, hostname: _hostname, ...fields } = entry;
      if (msg === 'request' && typeof fields.method === 'string') {
        const { method, path, status, ms } = fields;
        // pino-pretty drops the escape codes of a message: the status is coloured once the line is made.
        const made = prettify({ time, level, msg: `${method} ${path} ${statusMark} ${ms} ms` });
        write(made.replace(statusMark, paint(statusColour(status), String(status))));
        return;
      }
      // An error keeps pino-pretty's layout: its stack is what a person reads it for.
      if (fields.err) {
        write(prettify({ ...fields, time, level, msg }));
        return;
      }
      const details = Object.entries(fields)
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join(' ');
      const made = prettify({ time, level, msg: details ? `${msg}  ${detailsMark}` : msg });
      write(made.replace(detailsMark, dim(details)));
    },
  };
}

/** `readableLines` through pino-pretty's formatter; undefined where pino-pretty is not installed. */
export async function readableDestination(
  write: (text: string) => void,
  colour: boolean,
): Promise<LogDestination | undefined> {
  try {
    const { prettyFactory } = await import('pino-pretty');
    const prettify = prettyFactory({
      colorize: colour,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    });
    return readableLines(prettify, write, colour);
  } catch {
    return undefined;
  }
}

/**
 * Readable lines for a person at a development terminal, or wherever LOG_FORMAT=pretty asks; JSON lines everywhere
 * else (production, a pipe or a file, LOG_FORMAT=json), for log collectors. pino-pretty is a dependency of
 * `npm start`; should it be missing, the lines stay JSON.
 */
export async function terminalLogDestination(nodeEnv: string, format?: 'pretty' | 'json'): Promise<LogDestination> {
  const terminal = Boolean(process.stdout.isTTY);
  const pretty = format ? format === 'pretty' : nodeEnv !== 'production' && terminal;
  if (!pretty) return batchedStdout();
  const readable = await readableDestination(
    (text) => void process.stdout.write(text),
    terminal && !process.env.NO_COLOR,
  );
  return readable ?? batchedStdout();
}
