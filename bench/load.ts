import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface Target {
  name: string;
  url: string;
  path: string;
  /** Bearer tokens used in turn, one per request. */
  tokens?: string[];
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

function fire(target: Target, connections: number, seconds: number) {
  let next = 0;
  const { tokens } = target;
  return autocannon({
    url: target.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: target.path,
        setupRequest: (request) =>
          tokens ? { ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } } : request,
      },
    ],
  });
}

/** A discarded warm-up (JIT, connection pools, caches), then the measured run. */
export async function measure(target: Target, settings: LoadSettings): Promise<Measurement> {
  if (settings.warmupSeconds > 0) await fire(target, settings.connections, settings.warmupSeconds);
  const result = await fire(target, settings.connections, settings.seconds);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors; the numbers would lie`);
  }
  return { name: target.name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function formatTable(results: Measurement[], baseline: Measurement): string {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ bare', 'p99 ÷ bare'];
  const rows = results.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    row === baseline ? '1.0' : baseline.p99 < 1 ? `≥ ${row.p99.toFixed(0)}` : (row.p99 / baseline.p99).toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const table = [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
  // autocannon records whole milliseconds, so a sub-millisecond baseline p99 reads as 0.
  if (baseline.p99 < 1) table.push('', 'bare p99 is under 1 ms (autocannon\'s resolution): p99 ratios are against 1 ms, so lower bounds.');
  return table.join('\n');
}
