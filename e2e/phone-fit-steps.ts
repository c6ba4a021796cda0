import { test, type Page } from '@playwright/test';

// Kept as CI artifacts (Playwright's outputDir, test-results/).
const screenshots = new Set([
  '/',
  '/dashboard',
  '/transaction',
  '/withdraw-page',
  '/notifications',
  '/user-profile?tab=security',
]);

/** Keeps a full-page screenshot as a CI artifact (Playwright's outputDir, test-results/). */
export async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * What sticks out sideways on the page as drawn now: the document wider than the screen, or a box inside it
 * that scrolls sideways (a table in its own scroller hides its last columns just the same).
 */
export async function sidewaysOverflow(page: Page, label: string) {
  const { width, scrollers } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    scrollers: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (element) =>
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  return [
    ...(width > page.viewportSize()!.width ? [`${label}: ${width} px`] : []),
    ...scrollers.map((scroller) => `${label}: ${scroller} scrolls sideways`),
  ];
}

/**
 * Text of a signed-in area's top bar that wraps onto a second line: a squeezed name stacked as "Dana / Phon / e"
 * made the bar three rows tall without sticking out sideways. Each text's line boxes are counted by their tops
 * (text hidden for the eye but read out is counted too: it must not wrap either).
 */
async function wrappedTopBarText(page: Page, label: string) {
  const wrapped = await page.evaluate(() => {
    const bar = document.querySelector('.app-shell__top-bar');
    if (!bar) return [];
    const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
      );
      if (tops.size > 1) lines.push(`"${node.textContent!.trim()}" on ${tops.size} lines`);
    }
    return lines;
  });
  return wrapped.map((text) => `${label}: top bar ${text}`);
}

/**
 * What does not fit the screen on `route` as drawn now (opened with openRendered: its data drawn, every part
 * hydrated): anything sideways, a top bar's text on two lines. Keeps the screenshot of the routes listed above.
 */
export async function misfits(page: Page, route: string, language: string) {
  if (screenshots.has(route)) {
    const name = `${route === '/' ? 'home' : route.slice(1).replace(/[?=]/g, '-')}-${page.viewportSize()!.width}px-${language}.png`;
    await keepScreenshot(page, name);
  }
  return [...(await sidewaysOverflow(page, route)), ...(await wrappedTopBarText(page, route))];
}
