import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import { rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { isPlaceholderWallet } from '../config/operator';
import { pwaBuildIsStale, rootDir } from './pwa-build';
import { seconds, type StartReport } from './start-report';

/**
 * The production topology on one machine (docs/running-at-scale.md): a PostgreSQL primary with a synchronous hot
 * standby, PgBouncer in transaction mode in front of the primary, API replicas and a job worker connected only
 * through PgBouncer, HAProxy in front of the replicas. Every part is Debian's own program started from the configs
 * in deploy/; this file only starts them, records their PIDs and stops exactly those.
 */

export interface ClusterPorts {
  primary: number;
  standby: number;
  pgbouncer: number;
  haproxy: number;
  replicas: number[];
}

export const defaultPorts: ClusterPorts = {
  primary: 55432,
  standby: 55433,
  pgbouncer: 56432,
  haproxy: 5700,
  replicas: [5701, 5702, 5703],
};

export interface ClusterOptions {
  dir: string;
  ports: ClusterPorts;
  /** DATABASE_POOL_SIZE of each API replica and of the job worker. */
  poolSize: number;
  /** false: the replicas serve the API only (API_ONLY=1), and no PWA is built. */
  servePwa: boolean;
  /** More environment for the API replicas and the job worker (OPERATOR_CONFIG, LOG_LEVEL, …). */
  apiEnv?: Record<string, string>;
}

interface Recorded {
  pid: number;
  port: number;
  log: string;
}

export interface ClusterState {
  ports: ClusterPorts;
  poolSize: number;
  /** The data folder of the server PgBouncer points at, and of the standby while there is one. */
  primary: { dataDir: string; port: number };
  standby: { dataDir: string; port: number } | null;
  pgbouncer?: Recorded & { ini: string };
  haproxy?: Recorded & { cfg: string };
  replicas: Recorded[];
  jobs?: Recorded;
  /** What the API processes were started with (their secrets included: the folder is the operator's own). */
  apiEnv: Record<string, string>;
  /** The last failover, and the data folder and port of the primary it left behind (reused by attach-standby). */
  failover?: { at: string; ms: number; oldPrimary?: { dataDir: string; port: number } };
}

export const database = 'mining';
const stateFile = (dir: string) => join(dir, 'state.json');

export function readState(dir: string): ClusterState | undefined {
  return existsSync(stateFile(dir)) ? (JSON.parse(readFileSync(stateFile(dir), 'utf8')) as ClusterState) : undefined;
}
const saveState = (dir: string, state: ClusterState) => writeFileSync(stateFile(dir), JSON.stringify(state, null, 2));

/** The address the API and the tools reach the database at: PgBouncer. */
export const pooledUrl = (ports: ClusterPorts) => `postgres://postgres@127.0.0.1:${ports.pgbouncer}/${database}`;
export const directUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/${database}`;

// ---------------------------------------------------------------------------------------------------------------
// The programs, and running PostgreSQL's as its own user (initdb, postgres and pgbouncer refuse to run as root).

export class ClusterError extends Error {}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(join(base, version, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new ClusterError(
      'PostgreSQL server programs not found in /usr/lib/postgresql/*/bin: apt-get install postgresql',
    );
  }
  return join(base, versions[0]!, 'bin');
}

function findProgram(name: string, hint: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  throw new ClusterError(`${name} not found: ${hint}`);
}

/** The three programs npm run cluster needs besides Node, or a message that names the missing packages. */
export function clusterPrograms() {
  const missing: string[] = [];
  const find = <T>(look: () => T) => {
    try {
      return look();
    } catch (error) {
      if (!(error instanceof ClusterError)) throw error;
      missing.push(error.message);
      return '';
    }
  };
  const programs = {
    pgBin: find(postgresBin),
    pgbouncer: find(() => findProgram('pgbouncer', 'apt-get install pgbouncer')),
    haproxy: find(() => findProgram('haproxy', 'apt-get install haproxy')),
  };
  if (missing.length) throw new ClusterError(`npm run cluster cannot start:\n  ${missing.join('\n  ')}`);
  return programs;
}

const asRoot = () => process.getuid?.() === 0;

/** The command as the postgres user when we are root: setpriv execs it, so a PID recorded is the program's own. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  if (!asRoot()) return [command, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]];
}

function ownByPostgres(path: string) {
  if (!asRoot()) return;
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) throw new ClusterError('running as root needs a postgres user (apt-get install postgresql)');
  chownSync(path, Number(ids.stdout), Number(gids.stdout));
}

/** Runs a command to its end; its output goes into the error when it fails. */
function run(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (code === 0) done(output);
      else fail(new ClusterError(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output.trim()}`));
    });
  });
}

function runAsPostgres(command: string, args: string[]) {
  const [program, programArgs] = asPostgres(command, args);
  return run(program, programArgs, { cwd: '/' });
}

/** Starts a long-running program on its own (its own process group, output to its log) and returns its PID. */
function startDaemon(command: string, args: string[], log: string, env: NodeJS.ProcessEnv = process.env) {
  const out = openSync(log, 'a');
  const child = spawn(command, args, { cwd: rootDir, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  child.once('error', (error) => (exited = error.message));
  return { pid: child.pid!, exited: () => exited };
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof ClusterError) throw error;
      lastError = error;
    }
    await wait(100);
  }
  throw new ClusterError(`${what} within ${timeoutMs / 1000} s${lastError ? `: ${String(lastError)}` : ''}`);
}

export async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function healthy(url: string): Promise<true | undefined> {
  const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
  return response.ok ? true : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Processes: alive, ours, stopped.

/** The program a PID runs now, or undefined when it is gone (or a zombie): a recorded PID is checked before a signal. */
function commandOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/\) Z /.test(stat)) return undefined;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

export const isAlive = (pid: number, program: string) => commandOf(pid)?.includes(program) ?? false;

/** Sends SIGTERM to a recorded PID still running `program`, then SIGKILL after `graceMs`. */
async function stopPid(pid: number, program: string, graceMs = 15_000) {
  if (!isAlive(pid, program)) return false;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && isAlive(pid, program)) await wait(50);
  if (isAlive(pid, program)) process.kill(pid, 'SIGKILL');
  while (isAlive(pid, program)) await wait(20);
  return true;
}

const postmasterPid = (dataDir: string) => {
  const file = join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
};
const postgresRunning = (dataDir: string) => {
  const pid = postmasterPid(dataDir);
  return pid !== undefined && isAlive(pid, 'postgres');
};

const apiEntry = 'api/scripts/start.ts';
const jobsEntry = 'api/scripts/jobs.ts';

// ---------------------------------------------------------------------------------------------------------------
// The configs: deploy/'s files with this machine's ports and folders.

/** deploy/pgbouncer.ini with the cluster's ports, folders, local trust and a pool sized from the budget. */
export function pgbouncerIni(
  template: string,
  values: { dir: string; port: number; primaryPort: number; pool: number },
) {
  const settings: Record<string, string> = {
    listen_port: String(values.port),
    default_pool_size: String(values.pool),
    // Local only, as PostgreSQL's own pg_hba here: trust on 127.0.0.1 (the user must still be in auth_file).
    auth_type: 'trust',
    auth_file: join(values.dir, 'userlist.txt'),
    admin_users: 'postgres',
    stats_users: 'postgres',
    logfile: join(values.dir, 'pgbouncer.log'),
    pidfile: join(values.dir, 'pgbouncer.pid'),
  };
  let ini = template.replace(
    /^mining = .*$/m,
    `${database} = host=127.0.0.1 port=${values.primaryPort} dbname=${database}`,
  );
  for (const [key, value] of Object.entries(settings)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    if (!line.test(ini)) throw new ClusterError(`deploy/pgbouncer.ini has no ${key} line`);
    ini = ini.replace(line, `${key} = ${value}`);
  }
  return ini;
}

/** deploy/haproxy.cfg with the cluster's port, the replicas' addresses and its log on standard output. */
export function haproxyCfg(template: string, values: { dir: string; port: number; replicas: number[] }) {
  const servers = values.replicas.map((port, index) => `    server api${index + 1} 127.0.0.1:${port} check`);
  const cfg = template
    .replace(/^ {4}log \/dev\/log local0$/m, '    log stdout format raw local0')
    // It runs as whoever runs npm run cluster, in its own folder.
    .replace(/^ {4}(chroot|user|group) .*\n/gm, '')
    .replace(/^ {4}stats socket \S+/m, `    stats socket ${join(values.dir, 'admin.sock')}`)
    .replace(/^ {4}bind :80$/m, `    bind 127.0.0.1:${values.port}`)
    .replace(/^ {4}server api1 .*\n(?: {4}server .*\n)*/m, `${servers.join('\n')}\n`);
  if (!cfg.includes(`bind 127.0.0.1:${values.port}`) || !cfg.includes('127.0.0.1:' + values.replicas[0])) {
    throw new ClusterError('deploy/haproxy.cfg no longer has the bind and server lines npm run cluster fills in');
  }
  return cfg;
}

/** Settings appended to the primary's postgresql.conf; the standby gets its copy by pg_basebackup. */
const primaryConf = (port: number) => `
# npm run cluster (docs/running-at-scale.md)
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = ''
max_connections = 100
wal_level = replica
max_wal_senders = 5
hot_standby = on
# A commit returns once the standby has it too: RPO 0 when the primary dies.
synchronous_standby_names = 'standby1'
synchronous_commit = on
`;

/**
 * The standby's own: its port, its name for synchronous_standby_names, and no synchronous standby of its own once
 * promoted (it has none; commits would wait for ever).
 */
const standbyConf = (port: number, primaryPort: number) => `
port = ${port}
primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby1'
synchronous_standby_names = ''
`;

const hba = `# npm run cluster: trust on 127.0.0.1 only (no Unix socket, no other address).
host all all 127.0.0.1/32 trust
host replication all 127.0.0.1/32 trust
`;

// ---------------------------------------------------------------------------------------------------------------
// start

const randomSecret = () => randomBytes(32).toString('base64url');

/** Starts every part from an empty folder, one reported step each, and records what it started in state.json. */
export async function startCluster(options: ClusterOptions, report: StartReport): Promise<ClusterState> {
  const { dir, ports, poolSize } = options;
  const programs = clusterPrograms();
  const previous = readState(dir);
  if (previous && runningParts(previous).length) {
    throw new ClusterError(`a cluster is already running from ${dir}: npm run cluster stop first`);
  }
  rmSync(dir, { recursive: true, force: true });
  const pgDir = join(dir, 'pg');
  const bouncerDir = join(dir, 'pgbouncer');
  const haproxyDir = join(dir, 'haproxy');
  const logDir = join(dir, 'logs');
  for (const folder of [pgDir, bouncerDir, haproxyDir, logDir]) mkdirSync(folder, { recursive: true });
  ownByPostgres(pgDir);
  ownByPostgres(bouncerDir);

  // The PWA builds meanwhile (once, for every replica), on the core PostgreSQL's steps leave idle.
  const build = options.servePwa && pwaBuildIsStale() ? buildPwaOnce(join(logDir, 'build.log')) : undefined;
  if (options.servePwa && !build) report.done('PWA build up to date (dist/pwa)');

  const state: ClusterState = {
    ports,
    poolSize,
    primary: { dataDir: join(pgDir, 'primary'), port: ports.primary },
    standby: { dataDir: join(pgDir, 'standby'), port: ports.standby },
    replicas: [],
    apiEnv: {
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
      DATABASE_URL: pooledUrl(ports),
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_POOL_SIZE: String(poolSize),
      JWT_SECRET: randomSecret(),
      ADMIN_EMAIL: 'admin@cluster.test',
      ADMIN_PASSWORD: randomSecret(),
      DATA_DIR: join(dir, 'data'),
      LOG_FORMAT: 'json',
      ...(options.servePwa ? {} : { API_ONLY: '1' }),
      OPERATOR_CONFIG: process.env.OPERATOR_CONFIG || join(rootDir, 'operator.config.json'),
      ...options.apiEnv,
    },
  };
  state.apiEnv.OPERATOR_CONFIG = clusterOperatorConfig(dir, state.apiEnv.OPERATOR_CONFIG!, report);
  saveState(dir, state);
  try {
    await startDatabases(state, programs.pgBin, pgDir, report);
    await startPgbouncer(state, programs.pgbouncer, bouncerDir, options.ports.replicas.length + 1, report);
    await report.step(
      'migrating through PgBouncer',
      () => runNode('api/scripts/migrate.ts', state.apiEnv, join(logDir, 'migrate.log')),
      (output) => {
        const applied = /^Applied: (.*)$/m.exec(output)?.[1]?.split(', ').length;
        return `database migrated through PgBouncer (${applied ? `${applied} migrations` : 'up to date'})`;
      },
    );
    if (build) {
      const started = performance.now();
      report.progress('waiting for the PWA build…');
      await build;
      report.done('PWA built (npm run build, once for every replica)', performance.now() - started);
    }
    await startApis(state, dir, report);
    saveState(dir, state);
    await startHaproxy(state, programs.haproxy, haproxyDir, report);
    saveState(dir, state);
    return state;
  } catch (error) {
    saveState(dir, state);
    report.warn('start failed: stopping what started');
    await build?.catch(() => undefined);
    await stopCluster(dir, report);
    throw error;
  }
}

/**
 * NODE_ENV=production refuses placeholder wallets. The repository's demo config has them: the cluster, a rehearsal
 * on one machine, then runs on a copy with demo addresses in its own folder and says so.
 */
function clusterOperatorConfig(dir: string, source: string, report: StartReport) {
  const operator = JSON.parse(readFileSync(source, 'utf8')) as { wallets: Record<string, string> };
  const placeholders = Object.entries(operator.wallets).filter(([, address]) => isPlaceholderWallet(address));
  if (!placeholders.length) return source;
  for (const [coin] of placeholders) operator.wallets[coin] = `cluster-demo-${coin}-address`;
  const copy = join(dir, 'operator.config.json');
  writeFileSync(copy, JSON.stringify(operator, null, 2));
  report.warn(`${source} has placeholder wallets: the cluster runs on a copy with demo addresses (${copy})`);
  return copy;
}

function buildPwaOnce(log: string) {
  return run('npm', ['run', 'build'], { cwd: rootDir }).then((output) => writeFileSync(log, output));
}

function runNode(entry: string, env: Record<string, string>, log: string) {
  return run(process.execPath, ['--import', 'tsx', entry], { cwd: rootDir, env: { ...process.env, ...env } }).then(
    (output) => {
      writeFileSync(log, output);
      return output;
    },
  );
}

async function startDatabases(state: ClusterState, pgBin: string, pgDir: string, report: StartReport) {
  const primary = state.primary.dataDir;
  const bin = (name: string) => join(pgBin, name);
  await report.step(
    'initdb',
    () =>
      runAsPostgres(bin('initdb'), [
        '-D',
        primary,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
      ]),
    () => `primary initialised (${primary})`,
  );
  appendFileSync(join(primary, 'postgresql.conf'), primaryConf(state.primary.port));
  writeFileSync(join(primary, 'pg_hba.conf'), hba);
  await report.step(
    'starting the primary',
    () => runAsPostgres(bin('pg_ctl'), ['start', '-w', '-D', primary, '-l', join(pgDir, 'primary.log')]),
    () => `PostgreSQL primary on 127.0.0.1:${state.primary.port} (synchronous_standby_names = 'standby1')`,
  );
  await startStandby(bin, state.standby!, state.primary.port, join(pgDir, 'standby.log'), report);
  const admin = `postgres://postgres@127.0.0.1:${state.primary.port}/postgres`;
  // After the standby is in sync: until then this commit would wait for it.
  await query(admin, `create database ${database}`);
}

/**
 * A hot standby of the primary on `primaryPort`: a base backup into `standby.dataDir` (pg_basebackup -R), its own
 * port and name, started; returns once the primary reports it as its synchronous standby.
 */
async function startStandby(
  bin: (name: string) => string,
  standby: { dataDir: string; port: number },
  primaryPort: number,
  log: string,
  report: StartReport,
  /** Run once the standby streams, before waiting for it to be synchronous (attach-standby names it there). */
  onStreaming: () => Promise<unknown> = async () => {},
) {
  await report.step(
    'copying the primary (pg_basebackup)',
    () =>
      runAsPostgres(bin('pg_basebackup'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        standby.dataDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ]),
    () => `standby copied from the primary on ${primaryPort} (pg_basebackup -R)`,
  );
  appendFileSync(join(standby.dataDir, 'postgresql.auto.conf'), standbyConf(standby.port, primaryPort));
  await report.step(
    'starting the standby',
    () => runAsPostgres(bin('pg_ctl'), ['start', '-w', '-D', standby.dataDir, '-l', log]),
    () => `PostgreSQL hot standby on 127.0.0.1:${standby.port}`,
  );
  await onStreaming();
  const admin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  await report.step(
    'waiting for synchronous replication',
    () =>
      until('the standby did not become the synchronous standby', 30_000, async () => {
        const rows = await query<{ sync_state: string }>(
          admin,
          "select sync_state from pg_stat_replication where application_name = 'standby1'",
        );
        return rows[0]?.sync_state === 'sync' ? true : undefined;
      }),
    () => "standby1 streaming, sync_state = 'sync': a commit is on both",
  );
}

async function startPgbouncer(
  state: ClusterState,
  program: string,
  bouncerDir: string,
  processes: number,
  report: StartReport,
) {
  const pool = processes * state.poolSize;
  const ini = join(bouncerDir, 'pgbouncer.ini');
  const template = readFileSync(join(rootDir, 'deploy/pgbouncer.ini'), 'utf8');
  writeFileSync(
    ini,
    pgbouncerIni(template, { dir: bouncerDir, port: state.ports.pgbouncer, primaryPort: state.primary.port, pool }),
  );
  writeFileSync(join(bouncerDir, 'userlist.txt'), '"postgres" ""\n');
  await report.step(
    'starting PgBouncer',
    async () => {
      const [command, args] = asPostgres(program, [ini]);
      const log = join(bouncerDir, 'pgbouncer.out');
      const daemon = startDaemon(command, args, log);
      state.pgbouncer = { pid: daemon.pid, port: state.ports.pgbouncer, log: join(bouncerDir, 'pgbouncer.log'), ini };
      await until('PgBouncer did not answer', 15_000, async () => {
        const exited = daemon.exited();
        if (exited) throw new ClusterError(`PgBouncer ${exited}: see ${log}`);
        await query(pooledUrl(state.ports), 'select 1');
        return true;
      });
    },
    () =>
      `PgBouncer on 127.0.0.1:${state.ports.pgbouncer}, transaction pooling, default_pool_size ${pool} (${processes} processes × DATABASE_POOL_SIZE ${state.poolSize})`,
  );
}

function startApiProcess(state: ClusterState, dir: string, entry: string, name: string, port: number): Recorded {
  const log = join(dir, 'logs', `${name}.log`);
  const daemon = startDaemon(process.execPath, ['--import', 'tsx', entry], log, {
    ...process.env,
    ...state.apiEnv,
    PORT: String(port),
  });
  return { pid: daemon.pid, port, log };
}

async function startApis(state: ClusterState, dir: string, report: StartReport) {
  await report.step(
    'starting the API replicas and the job worker',
    async () => {
      state.replicas = state.ports.replicas.map((port, index) =>
        startApiProcess(state, dir, apiEntry, `api-${index + 1}`, port),
      );
      // The job worker listens nowhere; port 0 records that.
      state.jobs = startApiProcess(state, dir, jobsEntry, 'jobs', 0);
      await Promise.all(
        state.replicas.map((replica) =>
          until(`the replica on port ${replica.port} did not answer /api/health (see ${replica.log})`, 90_000, () => {
            if (!isAlive(replica.pid, apiEntry))
              throw new ClusterError(`the replica on port ${replica.port} exited: see ${replica.log}`);
            return healthy(`http://127.0.0.1:${replica.port}`);
          }),
        ),
      );
      if (!isAlive(state.jobs.pid, jobsEntry)) throw new ClusterError(`the job worker exited: see ${state.jobs.log}`);
    },
    () =>
      `${state.replicas.length} API replicas (npm start, NODE_ENV=production, scheduled jobs inside) on ports ${state.ports.replicas.join(', ')}, and npm run jobs`,
  );
}

async function startHaproxy(state: ClusterState, program: string, haproxyDir: string, report: StartReport) {
  const cfg = join(haproxyDir, 'haproxy.cfg');
  const template = readFileSync(join(rootDir, 'deploy/haproxy.cfg'), 'utf8');
  writeFileSync(
    cfg,
    haproxyCfg(template, { dir: haproxyDir, port: state.ports.haproxy, replicas: state.ports.replicas }),
  );
  await run(program, ['-c', '-q', '-f', cfg]);
  await report.step(
    'starting HAProxy',
    async () => {
      const log = join(haproxyDir, 'haproxy.log');
      const daemon = startDaemon(program, ['-f', cfg], log);
      state.haproxy = { pid: daemon.pid, port: state.ports.haproxy, log, cfg };
      await until('HAProxy did not answer /api/health', 15_000, () => {
        const exited = daemon.exited();
        if (exited) throw new ClusterError(`HAProxy ${exited}: see ${log}`);
        return healthy(`http://127.0.0.1:${state.ports.haproxy}`);
      });
    },
    () => `HAProxy on 127.0.0.1:${state.ports.haproxy}: health checks every 500 ms, out after 2 failures`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// stop, status

/** What HAProxy thinks of each replica (its stats socket's `show stat`): server name → UP, DOWN, … */
export function balancerServers(state: ClusterState): Promise<Record<string, string>> {
  const socket = join(dirname(state.haproxy!.cfg), 'admin.sock');
  return new Promise((done, fail) => {
    let csv = '';
    const connection = createConnection(socket, () => connection.end('show stat\n'));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (csv += chunk));
    connection.once('error', fail);
    connection.once('close', () => {
      const servers: Record<string, string> = {};
      for (const line of csv.split('\n')) {
        const [proxy, server, ...fields] = line.split(',');
        // Column 18 of show stat is the status (proxy and server name are columns 1 and 2).
        if (proxy === 'api' && server && server !== 'BACKEND') servers[server] = fields[15]!;
      }
      done(servers);
    });
  });
}

/** The recorded processes still running, by name. */
export function runningParts(state: ClusterState): string[] {
  const parts: string[] = [];
  if (state.haproxy && isAlive(state.haproxy.pid, 'haproxy')) parts.push('haproxy');
  state.replicas.forEach((replica, index) => isAlive(replica.pid, apiEntry) && parts.push(`api-${index + 1}`));
  if (state.jobs && isAlive(state.jobs.pid, jobsEntry)) parts.push('jobs');
  if (state.pgbouncer && isAlive(state.pgbouncer.pid, 'pgbouncer')) parts.push('pgbouncer');
  if (postgresRunning(state.primary.dataDir)) parts.push('primary');
  if (state.standby && postgresRunning(state.standby.dataDir)) parts.push('standby');
  return parts;
}

/** Stops what state.json records, front to back: balancer, API processes (they finish what is under way), pooler, databases. */
export async function stopCluster(dir: string, report: StartReport) {
  const state = readState(dir);
  if (!state) {
    report.warn(`no cluster recorded in ${dir}`);
    return;
  }
  const step = async (label: string, stop: () => Promise<boolean>) => {
    const started = performance.now();
    if (await stop()) report.done(label, performance.now() - started);
  };
  if (state.haproxy) await step('HAProxy stopped', () => stopPid(state.haproxy!.pid, 'haproxy'));
  const apis = [
    ...state.replicas.map((replica) => ({ ...replica, entry: apiEntry })),
    ...(state.jobs ? [{ ...state.jobs, entry: jobsEntry }] : []),
  ];
  await step('API replicas and the job worker stopped', async () =>
    (await Promise.all(apis.map((part) => stopPid(part.pid, part.entry)))).some(Boolean),
  );
  if (state.pgbouncer) await step('PgBouncer stopped', () => stopPid(state.pgbouncer!.pid, 'pgbouncer'));
  const pgBin = postgresBin();
  for (const [name, server] of [
    ['standby', state.standby],
    ['primary', state.primary],
  ] as const) {
    if (!server || !postgresRunning(server.dataDir)) continue;
    await step(`PostgreSQL ${name} stopped`, async () => {
      await runAsPostgres(join(pgBin, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', server.dataDir]);
      return true;
    });
  }
}

/** Where each part listens and whether it runs, as `npm run cluster status` prints it. */
export async function clusterStatus(dir: string): Promise<string[]> {
  const state = readState(dir);
  if (!state) return [`no cluster recorded in ${dir}`];
  const mark = (up: boolean) => (up ? 'up  ' : 'DOWN');
  const lines: string[] = [];
  for (const [name, server] of [
    ['primary', state.primary],
    ['standby', state.standby],
  ] as const) {
    if (!server) continue;
    const up = postgresRunning(server.dataDir);
    let detail = '';
    if (up) {
      const url = `postgres://postgres@127.0.0.1:${server.port}/postgres`;
      const role = await query<{ standby: boolean }>(url, 'select pg_is_in_recovery() as standby').catch(() => []);
      const sync = await query<{ application_name: string; sync_state: string }>(
        url,
        'select application_name, sync_state from pg_stat_replication',
      ).catch(() => []);
      detail = ` ${role[0]?.standby ? 'in recovery (standby)' : 'primary'}${sync.map((row) => `, ${row.application_name} ${row.sync_state}`).join('')}`;
    }
    lines.push(`${mark(up)} PostgreSQL ${name.padEnd(8)} 127.0.0.1:${server.port}${detail}`);
  }
  if (state.pgbouncer) {
    lines.push(
      `${mark(isAlive(state.pgbouncer.pid, 'pgbouncer'))} PgBouncer          127.0.0.1:${state.pgbouncer.port} (pid ${state.pgbouncer.pid}) → 127.0.0.1:${state.primary.port}`,
    );
  }
  for (const [index, replica] of state.replicas.entries()) {
    const up =
      isAlive(replica.pid, apiEntry) &&
      (await healthy(`http://127.0.0.1:${replica.port}`).catch(() => undefined)) === true;
    lines.push(`${mark(up)} API replica ${index + 1}      127.0.0.1:${replica.port} (pid ${replica.pid})`);
  }
  if (state.jobs) lines.push(`${mark(isAlive(state.jobs.pid, jobsEntry))} job worker         (pid ${state.jobs.pid})`);
  if (state.haproxy) {
    const up =
      isAlive(state.haproxy.pid, 'haproxy') &&
      (await healthy(`http://127.0.0.1:${state.haproxy.port}`).catch(() => undefined)) === true;
    const servers = up ? await balancerServers(state).catch(() => ({})) : {};
    const view = Object.entries(servers).map(([server, status]) => `${server} ${status}`);
    lines.push(
      `${mark(up)} HAProxy            http://127.0.0.1:${state.haproxy.port} (pid ${state.haproxy.pid})${view.length ? `: ${view.join(', ')}` : ''}`,
    );
  }
  if (state.failover) lines.push(`     failed over at ${state.failover.at} in ${seconds(state.failover.ms)}`);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// failover

export interface FailoverResult {
  /** From stopping the primary to PgBouncer pointing at the promoted standby. */
  switchMs: number;
  /** From stopping the primary to the first 200 of /api/health through HAProxy. */
  serviceBackMs: number;
  newPrimaryPort: number;
}

/**
 * What an operator's platform does when the primary dies: stop it if it still runs (immediate: no shutdown
 * checkpoint, as a crash), promote the standby (pg_ctl promote), point PgBouncer at it (its ini, then RELOAD).
 * The API is not restarted: its connections to PgBouncer stay, PgBouncer's to the old primary are replaced.
 */
export async function failover(dir: string, report: StartReport): Promise<FailoverResult> {
  const state = readState(dir);
  if (!state?.standby) throw new ClusterError(state ? 'no standby left to promote' : `no cluster recorded in ${dir}`);
  if (!state.pgbouncer || !isAlive(state.pgbouncer.pid, 'pgbouncer'))
    throw new ClusterError('PgBouncer is not running');
  const pgBin = postgresBin();
  const started = performance.now();
  const since = () => performance.now() - started;
  const old = state.primary;
  const standby = state.standby;
  if (postgresRunning(old.dataDir)) {
    await runAsPostgres(join(pgBin, 'pg_ctl'), ['stop', '-w', '-m', 'immediate', '-D', old.dataDir]);
    report.done(`primary on ${old.port} stopped (pg_ctl stop -m immediate)`, since());
  } else {
    report.done(`primary on ${old.port} already down`);
  }
  await runAsPostgres(join(pgBin, 'pg_ctl'), ['promote', '-w', '-D', standby.dataDir]);
  report.done(`standby on ${standby.port} promoted (pg_ctl promote)`, since());
  const ini = readFileSync(state.pgbouncer.ini, 'utf8');
  writeFileSync(
    state.pgbouncer.ini,
    ini.replace(/^mining = .*$/m, `${database} = host=127.0.0.1 port=${standby.port} dbname=${database}`),
  );
  await query(`postgres://postgres@127.0.0.1:${state.pgbouncer.port}/pgbouncer`, 'RELOAD');
  const switchMs = since();
  report.done(`PgBouncer points at 127.0.0.1:${standby.port} (ini rewritten, RELOAD)`, switchMs);
  const balancer = `http://127.0.0.1:${state.ports.haproxy}`;
  await until('the API did not answer /api/health through HAProxy', 30_000, () => healthy(balancer));
  const serviceBackMs = since();
  report.done('the API answers through HAProxy again, not restarted', serviceBackMs);
  report.warn(
    'the new primary has no standby: until one is attached (docs/running-at-scale.md), a commit is on one server',
  );
  state.primary = standby;
  state.standby = null;
  state.failover = { at: new Date().toISOString(), ms: serviceBackMs, oldPrimary: old };
  saveState(dir, state);
  return { switchMs, serviceBackMs, newPrimaryPort: standby.port };
}

/**
 * After a failover, a new synchronous standby where the old primary was: its stale data folder (inside the cluster's
 * folder) is replaced by a base backup of the new primary, started on the old port, and the new primary is told to
 * wait for it again (ALTER SYSTEM synchronous_standby_names, reload). Until then a commit is on one server.
 */
export async function attachStandby(dir: string, report: StartReport) {
  const state = readState(dir);
  if (!state) throw new ClusterError(`no cluster recorded in ${dir}`);
  if (state.standby) throw new ClusterError(`a standby is attached already (127.0.0.1:${state.standby.port})`);
  const old = state.failover?.oldPrimary;
  if (!old) throw new ClusterError('no failover recorded: the cluster has no free standby place');
  const pgDir = join(dir, 'pg');
  if (resolve(old.dataDir) !== join(resolve(pgDir), basename(old.dataDir)))
    throw new ClusterError(`refusing to replace ${old.dataDir}: it is not in ${pgDir}`);
  const pgBin = postgresBin();
  const bin = (name: string) => join(pgBin, name);
  if (postgresRunning(old.dataDir)) await runAsPostgres(bin('pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', old.dataDir]);
  rmSync(old.dataDir, { recursive: true, force: true });
  const admin = `postgres://postgres@127.0.0.1:${state.primary.port}/postgres`;
  // Named once it streams: named before, every commit would wait through the base backup.
  await startStandby(bin, old, state.primary.port, join(pgDir, `standby-${old.port}.log`), report, async () => {
    await query(admin, "alter system set synchronous_standby_names = 'standby1'");
    await query(admin, 'select pg_reload_conf()');
  });
  state.standby = old;
  delete state.failover!.oldPrimary;
  saveState(dir, state);
}

export const clusterDir = (value = process.env.CLUSTER_DIR) => resolve(rootDir, value || '.cluster');
