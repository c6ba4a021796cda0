import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { phoneCpu } from './phone-cpu';
import { parseLanguages, startProduct } from './product-server';

/**
 * `npm run bench` (and `tsx bench/first-load.ts` alone): the scripts a first visit fetches, the whole first load as
 * a phone makes it, not only up to hydration: 390×844, touch, Lighthouse's slow-4G network (150 ms RTT, 1.6 Mbps
 * down), the phone's CPU (phone-cpu.ts), cold (fresh context, no service worker), the browser in the visitor's
 * language; from the navigation until React runs and then the network has been idle for 500 ms, with no tap and no
 * scroll. Each script is counted as sent to this browser (brotli) and as the server sends it gzipped. BENCH_PAGES
 * (/,/sign-in) and BENCH_FIRST_LOAD_LANGUAGES (en,ar) choose what is measured; FIRST_LOAD_URL measures a server that
 * is already running. The budget (110 KB) is held by e2e/first-load.spec.ts.
 */
export const firstLoadBudget = 110 * 1024;
const network = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };

export type FirstLoadRow = {
  page: string;
  language: string;
  scripts: number;
  sentBytes: number;
  gzipBytes: number;
  /** When the last script arrived, from the navigation. */
  lastScriptMs: number;
  load: number;
};

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
  const length = response.headers.get('content-encoding') === 'gzip' ? response.headers.get('content-length') : null;
  const body = await response.arrayBuffer();
  return length ? Number(length) : body.byteLength;
}

async function measureOnce(
  browser: Browser,
  base: string,
  page: string,
  language: string,
  cpuSlowdown: number,
): Promise<FirstLoadRow> {
  const load = loadavg()[0]!;
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: language,
    serviceWorkers: 'block',
  });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.downKbps * 1024) / 8,
      uploadThroughput: (network.upKbps * 1024) / 8,
    });
    const started = Date.now();
    const scripts: Array<Promise<{ url: string; bytes: number; at: number }>> = [];
    tab.on('requestfinished', (finished) => {
      if (finished.resourceType() !== 'script') return;
      const at = Date.now() - started;
      scripts.push(finished.sizes().then((sizes) => ({ url: finished.url(), bytes: sizes.responseBodySize, at })));
    });
    await tab.goto(new URL(page, base).href, { waitUntil: 'load', timeout: 60_000 });
    await tab.locator('html[data-react]').waitFor({ state: 'attached', timeout: 60_000 });
    await tab.waitForLoadState('networkidle', { timeout: 60_000 });
    const fetched = await Promise.all(scripts);
    const gzip = await Promise.all(fetched.map((script) => gzipSize(script.url)));
    return {
      page,
      language,
      scripts: fetched.length,
      sentBytes: fetched.reduce((sum, script) => sum + script.bytes, 0),
      gzipBytes: gzip.reduce((sum, size) => sum + size, 0),
      lastScriptMs: Math.max(0, ...fetched.map((script) => script.at)),
      load,
    };
  } finally {
    await context.close();
  }
}

export async function measureFirstLoads(log: (line: string) => void = console.log): Promise<FirstLoadRow[]> {
  const pages = (process.env.BENCH_PAGES ?? '/,/sign-in').split(',').map((page) => page.trim());
  const languages = parseLanguages(process.env.BENCH_FIRST_LOAD_LANGUAGES ?? 'en,ar', 'BENCH_FIRST_LOAD_LANGUAGES');
  const cpu = await phoneCpu();
  const server = await startProduct(process.env.FIRST_LOAD_URL);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    log(
      `First load until the network is idle on ${server.url}: 390×844, touch, CPU ${cpu.slowdown}× slower (${cpu.source}), ${network.latencyMs} ms RTT, ${network.downKbps / 1024} Mbps down, cold, no tap or scroll.`,
    );
    const rows: FirstLoadRow[] = [];
    for (const language of languages)
      for (const page of pages) {
        const row = await measureOnce(browser, server.url, page, language, cpu.slowdown);
        log(`  ${page} ${language}: ${formatRow(row)}`);
        rows.push(row);
      }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const formatRow = (row: FirstLoadRow) =>
  `${row.scripts} scripts, ${kb(row.sentBytes)} as sent (brotli), ${kb(row.gzipBytes)} gzip, last at ${(row.lastScriptMs / 1000).toFixed(1)} s (load ${row.load.toFixed(1)})`;

export function formatFirstLoads(rows: FirstLoadRow[]): string {
  return [
    '| page | language | scripts | as sent (brotli) | gzip | last script at | ≤ 110 KB as sent | load |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.language} | ${row.scripts} | ${kb(row.sentBytes)} | ${kb(row.gzipBytes)} | ${(row.lastScriptMs / 1000).toFixed(1)} s | ${row.sentBytes <= firstLoadBudget ? 'yes' : 'no'} | ${row.load.toFixed(1)} |`,
    ),
  ].join('\n');
}

/** The pages whose first load fetched more scripts than the budget. */
export function heavyFirstLoads(rows: FirstLoadRow[]): string[] {
  return rows
    .filter((row) => row.sentBytes > firstLoadBudget)
    .map((row) => `first load of ${row.page} (${row.language}): ${kb(row.sentBytes)} of scripts`);
}

async function main() {
  const rows = await measureFirstLoads();
  console.log(`\n${formatFirstLoads(rows)}`);
  if (heavyFirstLoads(rows).length) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
