import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const pgbouncerBinary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningPgbouncer {
  /** `serverUrl` with PgBouncer's host and port: any database name is passed through to the server. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A PgBouncer in transaction pooling mode in front of the PostgreSQL at `serverUrl`, as production runs it
 * (deploy/pgbouncer.ini): the API tests connect through it, so anything that needs a session (a session advisory
 * lock, a named prepared statement, SET, LISTEN) fails there as it would in production.
 */
export async function startPgbouncer(serverUrl: string, { poolSize = 10 } = {}): Promise<RunningPgbouncer> {
  if (!pgbouncerBinary) throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'api-tests-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      // Each test file has a database of its own, so a pool each; files run a few at a time.
      `default_pool_size = ${poolSize}`,
      'server_idle_timeout = 10',
      // As deploy/pgbouncer.ini: a failed login is retried after 1 s. A client waits 5 s for a server connection
      // (production 30 s), so a database outage answers 503 within a test's time.
      'server_login_retry = 1',
      'server_connect_timeout = 3',
      'query_wait_timeout = 5',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; CI's root hands it to the postgres user.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout), Number(gids.stdout));
  }
  const child = spawn(pgbouncerBinary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  server.hostname = '127.0.0.1';
  server.port = String(port);
  const url = server.toString();

  for (let attempt = 1; ; attempt += 1) {
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('select 1');
      break;
    } catch (error) {
      if (child.exitCode !== null || attempt === 50) {
        const log = existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '';
        child.kill('SIGKILL');
        throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${stderr}${log}`);
      }
      // Bounded: PgBouncer listens within milliseconds, 5 s at most.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await probe.end().catch(() => undefined);
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
