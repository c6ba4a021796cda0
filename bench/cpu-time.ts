import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';

// /proc/<pid>/stat counts in clock ticks: 100 per second on Linux.
const msPerTick = 10;

/** CPU time (user + system, all threads) a process has used so far, in ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the parenthesised command name: state is field 3, utime 14 and stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * msPerTick;
  } catch {
    return 0;
  }
}

/**
 * The CPU a server and the PostgreSQL backends of its database use while it serves: a count that
 * other work on a shared machine barely changes, unlike req/s. Backends are per connection, so
 * they are listed at each reading; a backend that appears between two readings counts whole.
 */
export function serverCpuMeter(serverPid: number, database?: { db: Knex; name: string }) {
  return async function read(): Promise<{ serverMs: number; backendsMs: Map<number, number> }> {
    const rows = database
      ? (
          await database.db.raw<{ rows: { pid: number }[] }>(
            'select pid from pg_stat_activity where datname = ? and pid <> pg_backend_pid()',
            [database.name],
          )
        ).rows
      : [];
    return { serverMs: processCpuMs(serverPid), backendsMs: new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)])) };
  };
}

export type CpuReading = Awaited<ReturnType<ReturnType<typeof serverCpuMeter>>>;

export function cpuMsBetween(before: CpuReading, after: CpuReading): number {
  let total = after.serverMs - before.serverMs;
  for (const [pid, ms] of after.backendsMs) total += ms - (before.backendsMs.get(pid) ?? 0);
  return total;
}
