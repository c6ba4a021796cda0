import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildPwa, pwaBuildIsStale } from '../api/scripts/pwa-build';
import { startChildServer, type ChildServer } from './child-server';

/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its default throttling) against the product as
 * `npm start` serves it, for the landing, the plans page and sign-in. LIGHTHOUSE_URL measures a server
 * that is already running instead; LIGHTHOUSE_RUNS (default 1) keeps the median run per page.
 */
const pages = ['/', '/trading-plans', '/sign-in'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
type Category = keyof typeof targets;
type Row = { page: string; scores: Record<Category, number>; lcpMs: number; tbtMs: number; cls: number };

async function audit(url: string, port: number): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(targets),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (name: Category) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    page: new URL(url).pathname,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

function median(rows: Row[]): Row {
  return [...rows].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(rows.length / 2)]!;
}

function report(rows: Row[]) {
  const mark = (name: Category, value: number) => `${value}${value >= targets[name] ? '' : ' (!)'}`;
  console.log('\n| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const { scores } = row;
    console.log(
      `| ${row.page} | ${mark('performance', scores.performance)} | ${mark('accessibility', scores.accessibility)} | ${mark('best-practices', scores['best-practices'])} | ${mark('seo', scores.seo)} | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} |`,
    );
  }
  const missed = rows.filter((row) =>
    (Object.keys(targets) as Category[]).some((name) => row.scores[name] < targets[name]),
  );
  const targetText = (Object.entries(targets) as [Category, number][])
    .map(([name, value]) => `${name} ≥ ${value}`)
    .join(', ');
  console.log(
    missed.length === 0
      ? `\nAll targets met (${targetText}).`
      : `\nTargets missed (!) on ${missed.map((row) => row.page).join(', ')} (${targetText}).`,
  );
  return missed.length === 0;
}

async function main() {
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const load = loadavg()[0]!;
  console.log(
    `Load average ${load.toFixed(2)} on this machine${load > 1.5 ? ': busy, timings will be worse than usual; re-run when it is quieter' : ''}.`,
  );
  let server: ChildServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    let base = process.env.LIGHTHOUSE_URL;
    if (!base) {
      // `npm start` as a visitor meets it: the built PWA on a fresh embedded database. Built here first when
      // stale, so the server's start-up wait does not include a build on a busy machine.
      // Vite's build sets NODE_ENV=production in this process; the server gets what `npm start` gets.
      const nodeEnv = process.env.NODE_ENV ?? 'development';
      if (pwaBuildIsStale()) {
        console.log('Building the PWA…');
        await buildPwa();
      }
      server = await startChildServer(
        'npm start',
        'api/scripts/start.ts',
        { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: nodeEnv },
        '/api/health',
      );
      base = server.url;
      // One visit first, so server-side caches (market data) are warm as for any later visitor.
      await Promise.all(['/api/market/coins', '/api/plans'].map((path) => fetch(base + path).catch(() => undefined)));
    }
    const rows: Row[] = [];
    for (const page of pages) {
      const pageRows: Row[] = [];
      for (let run = 0; run < runs; run += 1) pageRows.push(await audit(new URL(page, base).href, chrome.port));
      rows.push(median(pageRows));
    }
    if (!report(rows)) process.exitCode = 1;
  } finally {
    chrome.kill();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
