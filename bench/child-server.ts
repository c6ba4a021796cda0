import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export const repoRoot = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a TypeScript entry point in its own Node process (node --import tsx, one process, so
 * stopping it stops the server) and waits until `readyPath` answers 200. Its standard output goes to
 * `stdoutFile` when given (the request log, written as an operator's server writes it), else nowhere.
 */
export async function startChildServer(
  label: string,
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  stdoutFile?: string,
): Promise<ChildServer> {
  const port = await freePort();
  const stdout = stdoutFile ? openSync(stdoutFile, 'a') : 'ignore';
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, entry)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', stdout, 'inherit'],
  });
  if (typeof stdout === 'number') closeSync(stdout);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(url + readyPath).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, pid: child.pid!, stop };
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`${label} did not answer ${readyPath} within 60 s`);
}
