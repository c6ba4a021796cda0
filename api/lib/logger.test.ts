import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger, readableDestination } from './logger';

const run = promisify(execFile);
const writer = resolve(import.meta.dirname, '../test/write-log-lines.ts');

/** The request lines a fresh Node process writes to standard output through the real logger. */
async function linesWritten(count: number, ending: 'end' | 'exit'): Promise<number[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', writer, String(count), ending]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { i: number }).i);
}

describe('createLogger', () => {
  it('keeps passwords, tokens and cookies out of the log', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info({ password: 'hunter2', body: { token: 't0k3n' }, req: { headers: { cookie: 'sid=1' } } }, 'probe');
    expect(lines.join('')).not.toMatch(/hunter2|t0k3n|sid=1/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: '[redacted]', body: { token: '[redacted]' } });
  });

  it('writes standard output in batches yet loses nothing when the process ends by itself', async () => {
    expect(await linesWritten(500, 'end')).toEqual([...Array(500).keys()]);
  });

  it('loses nothing when the process stops through process.exit', async () => {
    expect(await linesWritten(50, 'exit')).toEqual([...Array(50).keys()]);
  });
});

describe('readable lines for a development terminal', () => {
  it('writes a request as one line and other fields as key=value, no JSON; an error keeps its stack', async () => {
    const written: string[] = [];
    const destination = await readableDestination((text) => void written.push(text), false);
    const logger = createLogger('info', destination);
    logger.info({ requestId: 'r-1', method: 'GET', path: '/api/plans', status: 200, ms: 12 }, 'request');
    logger.warn({ kind: 'coins', reason: 'fetch failed' }, 'coin prices: market unreachable');
    expect(written).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/plans 200 12 ms\n$/),
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\] WARN: coin prices: market unreachable {2}kind=coins reason=fetch failed\n$/,
      ),
    ]);
    logger.error({ err: new Error('boom') }, 'unhandled error');
    expect(written[2]).toMatch(/ERROR: unhandled error[\s\S]*Error: boom\n\s+at /);
  });

  it('colours the status of a request line on a terminal', async () => {
    const written: string[] = [];
    const logger = createLogger('info', await readableDestination((text) => void written.push(text), true));
    logger.info({ method: 'POST', path: '/api/signin', status: 429, ms: 3 }, 'request');
    expect(written[0]).toContain('POST /api/signin \x1b[33m429\x1b[39m 3 ms');
  });
});
