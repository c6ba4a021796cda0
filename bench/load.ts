import autocannon from 'autocannon';
import { cpuMsBetween, type CpuReading } from './cpu-time';

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface Target {
  name: string;
  url: string;
  /** One path, or several used in turn (one per request). */
  path: string | string[];
  /** Bearer tokens used in turn, one per request. */
  tokens?: string[];
  /** The Accept header, for a page (a browser's navigation asks for text/html). */
  accept?: string;
  /** Reads the CPU used so far by the server and its database backends. */
  cpu: () => Promise<CpuReading>;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** CPU ms (server process plus its PostgreSQL backends) per answered request. */
  cpuMsPerRequest: number;
}

const browserAcceptEncoding = 'gzip, deflate, br, zstd';

function fire(target: Target, connections: number, seconds: number) {
  let nextToken = 0;
  let nextPath = 0;
  const { tokens } = target;
  const paths = typeof target.path === 'string' ? [target.path] : target.path;
  return autocannon({
    url: target.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: paths[nextPath++ % paths.length],
          headers: {
            ...request.headers,
            // As a browser asks (the baselines ignore it).
            'accept-encoding': browserAcceptEncoding,
            ...(tokens && { authorization: `Bearer ${tokens[nextToken++ % tokens.length]}` }),
            ...(target.accept && { accept: target.accept }),
          },
        }),
      },
    ],
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A discarded warm-up of each target (JIT, connection pools, caches), then `rounds` rounds that
 * measure every target in turn; each figure is the median over the rounds. Interleaving keeps a
 * burst of load from other work on the machine from landing on one target only.
 */
export async function measureInRounds(
  targets: Target[],
  settings: LoadSettings,
  rounds: number,
  progress: (line: string) => void,
): Promise<Measurement[]> {
  for (const target of targets) await fire(target, settings.connections, settings.warmupSeconds);
  const samples = targets.map(() => [] as Measurement[]);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const before = await target.cpu();
      const result = await fire(target, settings.connections, settings.seconds);
      const cpuMs = cpuMsBetween(before, await target.cpu());
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${target.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors; the numbers would lie`,
        );
      }
      samples[index]!.push({
        name: target.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
      });
    }
    progress(`  round ${round} of ${rounds} measured`);
  }
  return targets.map((target, index) => ({
    name: target.name,
    requestsPerSecond: median(samples[index]!.map((sample) => sample.requestsPerSecond)),
    p50: median(samples[index]!.map((sample) => sample.p50)),
    p99: median(samples[index]!.map((sample) => sample.p99)),
    cpuMsPerRequest: median(samples[index]!.map((sample) => sample.cpuMsPerRequest)),
  }));
}

export interface Row {
  measurement: Measurement;
  /** The measurement this row is compared with (itself for a baseline) and the goals, if any. */
  baseline?: Measurement;
  minRatio?: number;
  maxP99Ms?: number;
}

export const ratioOf = (row: Row) =>
  row.baseline ? row.measurement.requestsPerSecond / row.baseline.requestsPerSecond : undefined;
/** The same comparison by CPU cost: how many of this request the baseline's CPU per request would pay for. */
export const cpuRatioOf = (row: Row) =>
  row.baseline ? row.baseline.cpuMsPerRequest / row.measurement.cpuMsPerRequest : undefined;

/** Whether a row meets its goals: undefined when it has none (a baseline, a reference). */
export function isMet(row: Row): boolean | undefined {
  if (row.minRatio === undefined && row.maxP99Ms === undefined) return undefined;
  const ratio = ratioOf(row);
  return (
    (row.minRatio === undefined || (ratio !== undefined && ratio >= row.minRatio)) &&
    (row.maxP99Ms === undefined || row.measurement.p99 < row.maxP99Ms)
  );
}

export function formatTable(rows: Row[]): string {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'CPU ms/req',
    'CPU ratio',
    'against',
    'target',
    'met',
  ];
  const cells = rows.map((row) => {
    const { measurement, baseline } = row;
    const ratio = ratioOf(row);
    const cpuRatio = cpuRatioOf(row);
    const target = [
      row.minRatio !== undefined && `≥ ${row.minRatio}×`,
      row.maxP99Ms !== undefined && `p99 < ${row.maxP99Ms} ms`,
    ]
      .filter(Boolean)
      .join(', ');
    const met = isMet(row);
    return [
      measurement.name,
      measurement.requestsPerSecond.toFixed(0),
      measurement.p50.toFixed(1),
      measurement.p99.toFixed(1),
      ratio === undefined ? '' : ratio.toFixed(3),
      measurement.cpuMsPerRequest.toFixed(3),
      cpuRatio === undefined ? '' : cpuRatio.toFixed(3),
      baseline && baseline !== measurement ? baseline.name : '',
      target,
      met === undefined ? '' : met ? 'met' : 'NOT MET',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6]);
  const line = (row: string[]) =>
    row
      .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  // autocannon records whole milliseconds, so p50/p99 are whole numbers.
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}
