import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { phoneCpu } from './phone-cpu';
import { parseLanguages, startProduct } from './product-server';

/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its slow-4G network, a phone's CPU: see the settings below) against
 * the product as `npm start` serves it, per page and per language. The browser is set to the language as a phone in
 * that language would be: Chrome's `--lang` and `--accept-lang` (headless Chromium on Linux takes navigator.languages
 * from the latter only) and the `Accept-Language` header on every request.
 * `-- --lang=ar` or LIGHTHOUSE_LANGS=en,ar,fr choose the languages (English by default); LIGHTHOUSE_PAGES
 * (comma-separated paths) the pages, by default the landing, the plans page and sign-in. LIGHTHOUSE_URL measures a
 * server that is already running instead; LIGHTHOUSE_RUNS (default 1) keeps the median run per page and language;
 * LIGHTHOUSE_SCREENSHOTS=<folder> keeps each run's final screenshot.
 * Two settings, both printed by default: `default` is Lighthouse as its CLI runs with no flags (simulated slow 4G,
 * its fixed 4× CPU slowdown), as anyone measuring the site from outside sees it; `calibrated` slows the CPU to the
 * same phone on every host (phone-cpu.ts). `-- --default` or `-- --calibrated` (or LIGHTHOUSE_SETTINGS=default,
 * calibrated) runs one of them.
 */
const defaultPages = ['/', '/trading-plans', '/sign-in'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
type Category = keyof typeof targets;
const settingNames = ['default', 'calibrated'] as const;
type SettingName = (typeof settingNames)[number];
/** A setting to run: its name and the CPU slowdown it asks Lighthouse for (none: Lighthouse's own default). */
type Setting = { name: SettingName; cpuSlowdown?: number };
export type LighthouseRow = {
  setting: SettingName;
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

/** `--default`, `--calibrated`; else LIGHTHOUSE_SETTINGS; else both. */
function requestedSettings(argv: string[]): SettingName[] {
  const flags = settingNames.filter((name) => argv.includes(`--${name}`));
  if (flags.length) return flags;
  const raw = (process.env.LIGHTHOUSE_SETTINGS ?? settingNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const wrong = raw.find((name) => !(settingNames as readonly string[]).includes(name));
  if (raw.length === 0 || wrong !== undefined)
    throw new Error(`LIGHTHOUSE_SETTINGS must list ${settingNames.join(' and/or ')}${wrong ? `, not "${wrong}"` : ''}`);
  return raw as SettingName[];
}

async function audit(url: string, port: number, language: string, setting: Setting): Promise<LighthouseRow> {
  const load = loadavg()[0]!;
  const result = await lighthouse(url, {
    port,
    // Lighthouse's mobile throttling (slow 4G); calibrated, with the phone's CPU on this host (phone-cpu.ts).
    ...(setting.cpuSlowdown === undefined
      ? {}
      : { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: setting.cpuSlowdown } }),
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
    setting: setting.name,
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
  setting: Setting,
  attempts = 3,
): Promise<LighthouseRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, language, setting);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`${url} (${language}) failed, run again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The run with the median Performance, carrying every run's score and load. */
function median(rows: LighthouseRow[]): LighthouseRow {
  const middle = [...rows].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(rows.length / 2)]!;
  return { ...middle, runs: rows.flatMap((row) => row.runs), loads: rows.flatMap((row) => row.loads) };
}

export function formatLighthouse(rows: LighthouseRow[]): string {
  const mark = (name: Category, value: number) => `${value}${value >= targets[name] ? '' : ' (!)'}`;
  const lines = [
    '| setting | language | page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | runs | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const { scores } = row;
    const loads = `${Math.min(...row.loads).toFixed(1)}–${Math.max(...row.loads).toFixed(1)}`;
    lines.push(
      `| ${row.setting} | ${row.language} | ${row.page} | ${mark('performance', scores.performance)} | ${mark('accessibility', scores.accessibility)} | ${mark('best-practices', scores['best-practices'])} | ${mark('seo', scores.seo)} | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.runs.join(', ')} | ${loads} |`,
    );
  }
  return lines.join('\n');
}

const targetText = (Object.entries(targets) as [Category, number][])
  .map(([name, value]) => `${name} ≥ ${value}`)
  .join(', ');

/** The rows that miss a target, named "page (language, setting)". */
export function missedLighthouseTargets(rows: LighthouseRow[]): string[] {
  return rows
    .filter((row) => (Object.keys(targets) as Category[]).some((name) => row.scores[name] < targets[name]))
    .map((row) => `Lighthouse ${row.page} (${row.language}, ${row.setting})`);
}

export type LighthouseOptions = { languages: string[]; pages: string[]; runs: number; settings: SettingName[] };

/** Runs every page in every language under every setting (LIGHTHOUSE_RUNS runs each, the median kept). */
export async function measureLighthouse(
  { languages, pages, runs, settings: names }: LighthouseOptions,
  log: (line: string) => void = console.log,
): Promise<LighthouseRow[]> {
  const load = loadavg()[0]!;
  log(
    `Load average ${load.toFixed(2)} on this machine${load > 1.5 ? ': busy, timings will be worse than usual; re-run when it is quieter' : ''}.`,
  );
  const settings: Setting[] = [];
  for (const name of names) {
    if (name === 'default') {
      settings.push({ name });
      log("default: Lighthouse's own mobile settings (simulated slow 4G, CPU 4× slower than this host).");
    } else {
      const cpu = await phoneCpu();
      settings.push({ name, cpuSlowdown: cpu.slowdown });
      log(`calibrated: CPU ${cpu.slowdown}× slower than this host (${cpu.source}).`);
    }
  }
  const server = await startProduct(process.env.LIGHTHOUSE_URL);
  try {
    const rows: LighthouseRow[] = [];
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
        for (const setting of settings)
          for (const page of pages) {
            const pageRows: LighthouseRow[] = [];
            for (let run = 0; run < runs; run += 1)
              pageRows.push(await auditWithRetries(new URL(page, server.url).href, chrome.port, language, setting));
            rows.push(median(pageRows));
          }
      } finally {
        chrome.kill();
      }
    }
    log(`Load average after: ${loadavg()[0]!.toFixed(2)}.`);
    // Each setting's rows together, in the order asked.
    return names.flatMap((name) => rows.filter((row) => row.setting === name));
  } finally {
    await server.stop();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const rows = await measureLighthouse({
    languages: requestedLanguages(argv),
    pages: requestedPages(),
    runs: Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1)),
    settings: requestedSettings(argv),
  });
  console.log(`\n${formatLighthouse(rows)}`);
  const missed = missedLighthouseTargets(rows);
  console.log(
    missed.length === 0
      ? `\nAll targets met (${targetText}).`
      : `\nTargets missed (!) on ${missed.join(', ')} (${targetText}).`,
  );
  if (missed.length) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
