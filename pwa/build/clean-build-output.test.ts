import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const rootDir = resolve(import.meta.dirname, '../..');

// `npm start` builds the PWA on a fresh clone: a newcomer's first screen should hold no deprecation or other warning.
// A child process, because Rolldown prints some warnings from native code, past any logger given to build().
it('builds the app and its service worker without a warning', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'clean-build-'));
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        join(rootDir, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: rootDir, env: { ...process.env, NODE_ENV: 'production' } },
    );
    expect(`${stdout}\n${stderr}`).not.toMatch(/warn|deprecat/i);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}, 120_000);
