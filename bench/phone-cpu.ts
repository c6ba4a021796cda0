import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromiumLaunchOptions } from '../e2e/chromium';

/**
 * The phone's CPU, the same on every machine the benchmarks run on. Lighthouse's mobile run slows the host's CPU by
 * a fixed 4×, which its documentation calibrates for a high-end desktop (benchmarkIndex 1500–2000): on a faster
 * host 4× emulates a faster phone, so the same build scored 88 on one day's machine (index ~2,000) and 98 on the
 * next (~3,400). The slowdown is therefore scaled to the host: 4× at the middle of that bracket, in proportion
 * above and below it. PHONE_CPU_SLOWDOWN=4 measures with Lighthouse's fixed default instead.
 */
const referenceHostIndex = 1750;
const lighthouseSlowdown = 4;

export type PhoneCpu = { slowdown: number; hostIndex: number | null; source: string };

/** Lighthouse's CPU benchmark (its benchmarkIndex), run in this machine's Chromium: the median of three runs. */
export async function measureHostBenchmarkIndex(): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const indices: number[] = [];
    for (let run = 0; run < 3; run += 1)
      indices.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    return indices.sort((a, b) => a - b)[1]!;
  } finally {
    await browser.close();
  }
}

export function phoneSlowdownFor(hostIndex: number): number {
  return Math.max(1, Math.round((lighthouseSlowdown * hostIndex * 10) / referenceHostIndex) / 10);
}

export async function phoneCpu(): Promise<PhoneCpu> {
  const fixed = process.env.PHONE_CPU_SLOWDOWN;
  if (fixed !== undefined) {
    const slowdown = Number(fixed);
    if (!Number.isFinite(slowdown) || slowdown < 1) throw new Error('PHONE_CPU_SLOWDOWN must be a number ≥ 1');
    return { slowdown, hostIndex: null, source: 'PHONE_CPU_SLOWDOWN' };
  }
  const hostIndex = await measureHostBenchmarkIndex();
  return {
    slowdown: phoneSlowdownFor(hostIndex),
    hostIndex,
    source: `host benchmarkIndex ${Math.round(hostIndex)}; ${lighthouseSlowdown}× at ${referenceHostIndex}`,
  };
}
