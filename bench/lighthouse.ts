import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { phoneCpu } from './phone-cpu';
import { parseLanguages, startProduct } from './product-server';

/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its slow-4G network, the phone's CPU of phone-cpu.ts) against
 * the product as `npm start` serves it, per page and per language. The browser is set to the language as a phone in
 * that language would be: Chrome's `--lang` and `--accept-lang` (headless Chromium on Linux takes navigator.languages
 * from the latter only) and the `Accept-Language` header on every request.
 * `-- --lang=ar` or LIGHTHOUSE_LANGS=en,ar,fr choose the languages (English by default); LIGHTHOUSE_PAGES
 * (comma-separated paths) the pages, by default the landing, the plans page and sign-in. LIGHTHOUSE_URL measures a
 * server that is already running instead; LIGHTHOUSE_RUNS (default 1) keeps the median run per page and language;
 * LIGHTHOUSE_SCREENSHOTS=<folder> keeps each run's final screenshot.
 */
const defaultPages = ['/', '/trading-plans', '/sign-in'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
type Category = keyof typeof targets;
type Row = {
  language: string;
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Performance of every run, in order, and the load average before each. */
  runs: number[];
  loads: number[];
};

// Where to keep each run's final screenshot, to check by eye that the page showed the language asked for.
const screenshotDir = process.env.LIGHTHOUSE_SCREENSHOTS;
let screenshotCount = 0;

function keepFinalScreenshot(details: unknown, url: string, language: string) {
  const data = (details as { data?: string } | undefined)?.data;
  const match = data?.match(/^data:image\/(\w+);base64,(.*)$/);
  if (!match || !screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  screenshotCount += 1;
  const name = `${String(screenshotCount).padStart(2, '0')}-${language}${new URL(url).pathname.replaceAll('/', '_')}.${match[1]}`;
  writeFileSync(join(screenshotDir, name), Buffer.from(match[2]!, 'base64'));
}

/** `--lang=ar`, `--lang ar` or `--lang=en,ar`; else LIGHTHOUSE_LANGS; else English. */
function requestedLanguages(argv: string[]): string[] {
  const index = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
  if (index >= 0) {
    const arg = argv[index]!;
    return parseLanguages(arg.includes('=') ? arg.slice('--lang='.length) : (argv[index + 1] ?? ''), '--lang');
  }
  return parseLanguages(process.env.LIGHTHOUSE_LANGS ?? 'en', 'LIGHTHOUSE_LANGS');
}

function requestedPages(): string[] {
  const raw = process.env.LIGHTHOUSE_PAGES;
  if (!raw) return defaultPages;
  const pages = raw
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean);
  const wrong = pages.find((page) => !page.startsWith('/'));
  if (pages.length === 0 || wrong !== undefined)
    throw new Error(`LIGHTHOUSE_PAGES must list paths starting with "/"${wrong ? `: "${wrong}"` : ''}`);
  return pages;
}

async function audit(url: string, port: number, language: string, cpuSlowdown: number): Promise<Row> {
  const load = loadavg()[0]!;
  const result = await lighthouse(url, {
    port,
    // Lighthouse's mobile throttling (slow 4G), with the phone's CPU on this host (phone-cpu.ts).
    throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(targets),
    extraHeaders: { 'Accept-Language': language },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (name: Category) => Math.round((categories[name]?.score ?? 0) * 100);
  const performance = score('performance');
  if (screenshotDir) keepFinalScreenshot(audits['final-screenshot']?.details, url, language);
  return {
    language,
    page: new URL(url).pathname,
    scores: {
      performance,
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    runs: [performance],
    loads: [load],
  };
}

/** Lighthouse now and then fails to record a trace on a swamped machine (NO_NAVSTART): such a run is re-done. */
async function auditWithRetries(
  url: string,
  port: number,
  language: string,
  cpuSlowdown: number,
  attempts = 3,
): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, language, cpuSlowdown);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`${url} (${language}) failed, run again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The run with the median Performance, carrying every run's score and load. */
function median(rows: Row[]): Row {
  const middle = [...rows].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(rows.length / 2)]!;
  return { ...middle, runs: rows.flatMap((row) => row.runs), loads: rows.flatMap((row) => row.loads) };
}

function report(rows: Row[]) {
  const mark = (name: Category, value: number) => `${value}${value >= targets[name] ? '' : ' (!)'}`;
  console.log(
    '\n| language | page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | runs | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const { scores } = row;
    const loads = `${Math.min(...row.loads).toFixed(1)}–${Math.max(...row.loads).toFixed(1)}`;
    console.log(
      `| ${row.language} | ${row.page} | ${mark('performance', scores.performance)} | ${mark('accessibility', scores.accessibility)} | ${mark('best-practices', scores['best-practices'])} | ${mark('seo', scores.seo)} | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.runs.join(', ')} | ${loads} |`,
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
      : `\nTargets missed (!) on ${missed.map((row) => `${row.page} (${row.language})`).join(', ')} (${targetText}).`,
  );
  return missed.length === 0;
}

async function main() {
  const languages = requestedLanguages(process.argv.slice(2));
  const pages = requestedPages();
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const load = loadavg()[0]!;
  console.log(
    `Load average ${load.toFixed(2)} on this machine${load > 1.5 ? ': busy, timings will be worse than usual; re-run when it is quieter' : ''}.`,
  );
  const cpu = await phoneCpu();
  console.log(`CPU ${cpu.slowdown}× slower than this host (${cpu.source}).`);
  const server = await startProduct(process.env.LIGHTHOUSE_URL);
  try {
    const rows: Row[] = [];
    for (const language of languages) {
      // One browser per language: Chrome reads --lang once, at start.
      const chrome = await launch({
        chromePath: process.env.CHROME_PATH ?? chromiumLaunchOptions.executablePath,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          `--lang=${language}`,
          `--accept-lang=${language}`,
        ],
      });
      try {
        for (const page of pages) {
          const pageRows: Row[] = [];
          for (let run = 0; run < runs; run += 1)
            pageRows.push(await auditWithRetries(new URL(page, server.url).href, chrome.port, language, cpu.slowdown));
          rows.push(median(pageRows));
        }
      } finally {
        chrome.kill();
      }
    }
    console.log(`Load average after: ${loadavg()[0]!.toFixed(2)}.`);
    if (!report(rows)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
