import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import knex from 'knex';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/database-target';

const rootDir = resolve(import.meta.dirname, '../..');

/** A database for one start (a copy of the migrated template on PostgreSQL, reached as the app reaches it), else none (PGlite in `dataDir`). */
async function databaseUrl(): Promise<string | undefined> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') return undefined;
  const name = `${target.runId}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: target.serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('create database ?? template ??', [name, target.template]);
  } finally {
    await admin.destroy();
  }
  return withDatabase(target.appServerUrl, name);
}

const poolMode = () => {
  const target = inject('testDatabase');
  return target.kind === 'postgres' ? target.poolMode : undefined;
};

/** Runs `npm start`'s script until its ready block is out, then stops it; what it printed. */
async function startUntilReady(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/scripts/start.ts'], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  try {
    await new Promise<void>((ready, failed) => {
      child.stdout.on('data', () => out.includes('Stop with Ctrl+C.') && ready());
      void exited.then((code) => failed(new Error(`npm start exited (${code}) before it was ready:\n${out}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

describe('npm start', () => {
  it(
    'says each step with its time, then where to open the site, the admin and the mail',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
      try {
        const out = await startUntilReady({
          API_ONLY: '1',
          PORT: '0',
          PUBLIC_URL: 'https://invest.example.com',
          DATA_DIR: dataDir,
          DATABASE_URL: await databaseUrl(),
          DATABASE_POOL_MODE: poolMode(),
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
        });
        const lines = out.split('\n');
        expect(lines).toContainEqual(expect.stringMatching(/^ {2}✓ dependencies installed \(\d+ packages\)$/));
        expect(lines).toContainEqual(
          expect.stringMatching(/^ {2}✓ database(: \d+ migrations applied| up to date) .* \d+\.\d s$/),
        );
        expect(lines).toContainEqual(expect.stringMatching(/^ {2}✓ admin created: admin@example\.com {2}\d+\.\d s$/));
        expect(lines).toContainEqual(expect.stringMatching(/^ {2}✓ listening on port \d+, scheduled jobs running/));
        const ready = out.slice(out.indexOf('is ready'));
        expect(ready).toMatch(/^is ready in \d+\.\d s \(development\)\n/);
        expect(ready).toMatch(/Open {7}https:\/\/invest\.example\.com {2}\(this process is its API, on port \d+\)\n/);
        expect(ready).toContain('Admin      https://invest.example.com/login\n');
        expect(ready).toMatch(/ {15}admin@example\.com, password [\w-]{16}\n/);
        expect(ready).toContain('Mail       printed here, and kept in the mail_outbox table (no SMTP_URL)\n');
        // No progress line redrawn in place, no colour: this is a pipe.
        expect(out).not.toContain('\x1b');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
