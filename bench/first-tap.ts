import { mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { repoRoot } from './child-server';
import { phoneCpu } from './phone-cpu';
import { parseLanguages, startProduct } from './product-server';

/**
 * `npm run bench:first-tap`: how long a visitor on a phone waits for the landing to answer their first tap.
 * The phone is the one Lighthouse's mobile run emulates (390×844 at 3×, touch, its CPU (phone-cpu.ts), 150 ms RTT,
 * 1.6 Mbps down, 750 kbps up), every load cold (fresh context, empty cache, service workers blocked), the browser
 * in the visitor's language. Per load: open `/`, wait for the load event, read for BENCH_READ_MS (4 s), tap the
 * target at its centre, and take two figures:
 * - event: the Event Timing API's duration of the tap's pointerdown/pointerup/click (the longest; INP counts it so):
 *   from the touch to the next paint after its handlers ran;
 * - open: from the touch to the first frame painted with the answer on screen (menu open, next slide shown).
 * They differ when the handler only notes the tap and the answer comes later (React started or hydrated by the
 * tap, then replaying it): the event figure then looks fast while the visitor still waits, so `open` is the one
 * the verdict reads beside it.
 * A benchmark, not a test: it prints figures and asserts nothing. BENCH_LANGUAGES (en,ar,fr), BENCH_RUNS (3),
 * BENCH_READ_MS (4000); FIRST_TAP_URL measures a server that is already running; FIRST_TAP_SCREENSHOTS=<folder>
 * keeps a screenshot of each load a second after the answer.
 */

/** INP's "good" bound. */
const goodMs = 200;
// Lighthouse's mobile emulation (its moto g power profile and "slow 4G"); the RTT is applied to every request.
const phone = { width: 390, height: 844, deviceScaleFactor: 3 };
const network = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };
// Where to keep a screenshot of each answered tap, to check by eye what was counted as the answer.
const screenshotDir = process.env.FIRST_TAP_SCREENSHOTS;

type TargetName = 'menu' | 'next slide';
type Run = { eventMs: number | null; openMs: number | null; load: number; note?: string; failed?: boolean };
export type FirstTapRow = { language: string; target: TargetName; runs: Run[] };

function envNumber(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}`);
  return value;
}

/** The target's accessible name in that language, as the visitor's screen reader would announce it. */
function translated(language: string, file: 'common' | 'home', path: string[]): string {
  const texts = JSON.parse(readFileSync(join(repoRoot, 'locales', language, `${file}.json`), 'utf8')) as unknown;
  const text = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
  if (typeof text !== 'string') throw new Error(`locales/${language}/${file}.json has no ${path.join('.')}`);
  return text;
}

function targetName(language: string, target: TargetName): string {
  return target === 'menu'
    ? translated(language, 'common', ['header', 'openMenu'])
    : translated(language, 'home', ['hero', 'next']);
}

/**
 * Runs in the page before its own scripts: keeps every Event Timing entry of 16 ms or more (the API's floor;
 * shorter ones are never reported, so "no entry" means under 16 ms).
 */
function installEventTiming() {
  const probe: { events: Array<Record<string, number | string>> } = { events: [] };
  (window as any).__firstTap = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      probe.events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/**
 * Runs in the page just before the tap: notes the touch's time stamp and what the target looks like then, and from
 * there watches the page (only when it changes, so the watching costs the throttled CPU nothing meanwhile) for the
 * answer; once a frame shows it, the time after that frame's paint is kept.
 * "The menu open": the header's button that controls the menu says aria-expanded="true" and the element it controls
 * is rendered (checkVisibility). "The next slide": the carousel slide shown (not hidden) is the one after the slide
 * shown at the touch.
 */
function armWatch(target: TargetName) {
  const probe = (window as any).__firstTap as Record<string, unknown>;
  let resolveAnswered: (openAt: number) => void = () => undefined;
  probe.answered = new Promise<number>((resolve) => {
    resolveAnswered = resolve;
  });
  const menuOpen = () => {
    const button = document.querySelector('header button[aria-controls][aria-expanded="true"]');
    const menu = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
    return Boolean(menu?.checkVisibility());
  };
  const shownSlide = () => {
    const slides = [...document.querySelectorAll('[aria-roledescription="slide"]')];
    return {
      index: slides.findIndex((slide) => slide.checkVisibility({ visibilityProperty: true })),
      count: slides.length,
    };
  };
  let expectedSlide = -1;
  const answered = () => (target === 'menu' ? menuOpen() : shownSlide().index === expectedSlide);
  const afterPaint = () =>
    requestAnimationFrame(() => {
      // A message posted from a frame's callback is handled after that frame has been painted.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolveAnswered(performance.now());
      channel.port2.postMessage(null);
    });
  let checkQueued = false;
  const check = () => {
    checkQueued = false;
    if (probe.seen) return;
    if (answered()) {
      probe.seen = true;
      watcher.disconnect();
      afterPaint();
    }
  };
  const watcher = new MutationObserver(() => {
    if (checkQueued) return;
    checkQueued = true;
    requestAnimationFrame(check);
  });
  window.addEventListener(
    'pointerdown',
    (event) => {
      probe.tapAt = event.timeStamp;
      if (target === 'next slide') {
        const { index, count } = shownSlide();
        probe.slideAtTap = index;
        expectedSlide = count > 0 ? (index + 1) % count : -1;
      }
      watcher.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      // Answered by the handlers of this very tap: seen at the next frame.
      checkQueued = true;
      requestAnimationFrame(check);
    },
    { capture: true, once: true },
  );
}

type ColdLoad = {
  base: string;
  language: string;
  target: TargetName;
  readMs: number;
  runNumber: number;
  cpuSlowdown: number;
};

async function measureOnce(browser: Browser, { base, language, target, readMs, runNumber, cpuSlowdown }: ColdLoad) {
  const major = browser.version().split('.')[0];
  const context = await browser.newContext({
    viewport: { width: phone.width, height: phone.height },
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    // The phone Lighthouse emulates, with this browser's version.
    userAgent: `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
    // Accept-Language and navigator.languages follow, as on a phone set to that language.
    locale: language,
    serviceWorkers: 'block',
  });
  const load = loadavg()[0]!;
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latencyMs,
      downloadThroughput: (network.downKbps * 1024) / 8,
      uploadThroughput: (network.upKbps * 1024) / 8,
    });
    // tsx compiles this file keeping function names through an `__name` helper that the page does not have.
    await page.addInitScript('globalThis.__name ??= (target) => target;');
    await page.addInitScript(installEventTiming);
    await page.goto(new URL('/', base).href, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(readMs);
    const button = page.getByRole('button', { name: targetName(language, target), exact: true });
    const readyBefore = await button.isVisible();
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    const box = await button.boundingBox();
    if (!box) throw new Error(`the ${target} button has no box`);
    await page.evaluate(armWatch, target);
    // Waited for inside the page, so nothing polls the throttled main thread while it works on the answer.
    const answer = page.evaluate(() => (window as any).__firstTap.answered as Promise<number>).catch(() => undefined);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const openAt = await Promise.race([answer, delay(30_000, undefined, { ref: false })]);
    // Event Timing entries arrive after the paint that ends them; give them a moment, then read the tap's.
    await page.waitForTimeout(1_000);
    if (screenshotDir) {
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: join(screenshotDir, `${language}-${target.replace(' ', '-')}-${runNumber}.png`) });
    }
    const probe = (await page.evaluate(() => {
      const { tapAt, events } = (window as any).__firstTap;
      return { tapAt, events };
    })) as { tapAt: number; events: Array<{ name: string; startTime: number; duration: number }> };
    const tapEvents = probe.events.filter(
      (entry) => ['pointerdown', 'pointerup', 'click'].includes(entry.name) && entry.startTime >= probe.tapAt - 1,
    );
    const run: Run = {
      eventMs: tapEvents.length ? Math.max(...tapEvents.map((entry) => entry.duration)) : null,
      openMs: openAt === undefined ? null : openAt - probe.tapAt,
      load,
    };
    const notes = [];
    if (!readyBefore) notes.push(`the button appeared after the ${readMs} ms of reading`);
    if (openAt === undefined) notes.push('never answered within 30 s');
    if (notes.length) run.note = notes.join('; ');
    return run;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
// An event under 16 ms leaves no entry (null): it counts as 0 in a median. A tap never answered (null) counts as
// endless, so a median of such runs is no answer either.
const measured = (row: FirstTapRow) => row.runs.filter((run) => !run.failed);
const eventMedian = (row: FirstTapRow) => median(measured(row).map((run) => run.eventMs ?? 0));
const openMedian = (row: FirstTapRow) => median(measured(row).map((run) => run.openMs ?? Infinity));
const eventText = (value: number | null) => (value === null || value < 16 ? '<16' : `${Math.round(value)}`);
const openText = (value: number | null) => (value === null || !Number.isFinite(value) ? '—' : `${Math.round(value)}`);
const runText = (run: Run, figure: 'event' | 'open') =>
  run.failed ? 'failed' : figure === 'event' ? eventText(run.eventMs) : openText(run.openMs);
const isGood = (row: FirstTapRow) => measured(row).length > 0 && Math.max(eventMedian(row), openMedian(row)) <= goodMs;

export function formatFirstTap(rows: FirstTapRow[]): string {
  const lines = [
    '| language | target | event ms (runs) | event median | open ms (runs) | open median | ≤ 200 ms | load |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const loads = row.runs.map((run) => run.load);
    const cells = [
      row.language,
      row.target,
      row.runs.map((run) => runText(run, 'event')).join(', '),
      measured(row).length ? eventText(eventMedian(row)) : '—',
      row.runs.map((run) => runText(run, 'open')).join(', '),
      openText(openMedian(row)),
      isGood(row) ? 'yes' : 'no',
      `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Measures every (language, target) BENCH_RUNS times, printing each run as it goes; returns the rows. */
export async function measureFirstTap(log: (line: string) => void = console.log): Promise<FirstTapRow[]> {
  const languages = parseLanguages(process.env.BENCH_LANGUAGES ?? 'en,ar,fr', 'BENCH_LANGUAGES');
  const runs = envNumber('BENCH_RUNS', 3, 1);
  const readMs = envNumber('BENCH_READ_MS', 4_000, 0);
  const cpu = await phoneCpu();
  const server = await startProduct(process.env.FIRST_TAP_URL);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    log(
      `First tap on ${server.url}/: ${phone.width}×${phone.height} at ${phone.deviceScaleFactor}×, touch, CPU ${cpu.slowdown}× slower (${cpu.source}), ` +
        `${network.latencyMs} ms RTT, ${network.downKbps / 1024} Mbps down, ${network.upKbps} kbps up, cold loads; ` +
        `read ${readMs} ms, then tap. Chromium ${browser.version()}, ${cpus().length} CPUs, load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}.`,
    );
    const rows: FirstTapRow[] = [];
    for (const language of languages) {
      for (const target of ['menu', 'next slide'] as const) {
        const row: FirstTapRow = { language, target, runs: [] };
        for (let index = 0; index < runs; index += 1) {
          const load = loadavg()[0]!;
          // A load that fails (a timeout on a swamped machine) is shown as failed and left out of the medians.
          const run: Run = await measureOnce(browser, {
            base: server.url,
            language,
            target,
            readMs,
            runNumber: index + 1,
            cpuSlowdown: cpu.slowdown,
          }).catch((error: unknown) => ({
            eventMs: null,
            openMs: null,
            load,
            failed: true,
            note: `failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
          }));
          row.runs.push(run);
          log(
            `  ${language} ${target} #${index + 1}: ${run.failed ? '' : `event ${eventText(run.eventMs)} ms, open ${openText(run.openMs)} ms `}(load ${run.load.toFixed(2)})${run.note ? `: ${run.note}` : ''}`,
          );
        }
        rows.push(row);
      }
    }
    log(
      `Load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}.`,
    );
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const firstTapLegend = `event: Event Timing duration of the tap (INP's figure; <16 = under the API's floor). open: touch → first frame painted with the answer. "≤ ${goodMs} ms": both medians within INP's "good".`;

/** The (language, target) pairs whose median tap missed INP's "good". */
export function slowFirstTaps(rows: FirstTapRow[]): string[] {
  return rows.filter((row) => !isGood(row)).map((row) => `first tap on ${row.target} (${row.language})`);
}

async function main() {
  const rows = await measureFirstTap();
  console.log(`\n${formatFirstTap(rows)}\n\n${firstTapLegend}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
