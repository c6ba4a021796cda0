import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

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
