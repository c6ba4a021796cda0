import type { Browser, Page } from '@playwright/test';

const appStartChunk = /\/assets\/start-[^/]+\.js$/;

/**
 * Holds the app's start chunk until the returned function is called, so what the test does meanwhile meets the
 * served screen, not React's. Once released, later loads of the chunk pass at once.
 */
export async function holdAppStart(page: Page): Promise<() => void> {
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(appStartChunk, async (route) => {
    await appHeld;
    await route.continue();
  });
  return () => releaseApp();
}

/** Records the page's layout shifts that no input caused, from its first paint; read them with `layoutShiftTotal`. */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShiftTotal(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}

/** What `read` finds on `path` as served, with no script allowed to run, on a 390 px English phone. */
export async function asServed<T>(browser: Browser, path: string, read: (page: Page) => Promise<T>): Promise<T> {
  const staticPage = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  try {
    await staticPage.route('**/*.js', (route) => route.abort());
    await staticPage.goto(path);
    return await read(staticPage);
  } finally {
    await staticPage.close();
  }
}
