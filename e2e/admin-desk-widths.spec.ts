import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from './console-guard';
import { confirmDeposit, requestWithdrawal, signInNewAdmin, signUpInvestor, uploadReceipt } from './investor-setup';
import { adminRoutes } from './routes';

// The operator's desk at the widths it is used at: a tablet, then desktop windows (the 1024/1280/1440),
// and a phone, where every table is cards.
const widths = [390, 768, 1024, 1280, 1440];

/** Keeps a full-page screenshot as a CI artifact (Playwright's outputDir, test-results/). */
async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * What reads badly in the admin's tables as drawn now: a word of a header or cell split across lines ("Pla / n",
 * "admin@example.co / m"), an id, e-mail or hash (ShortValue) on more than one line, the page wider than the
 * window, or a box that scrolls sideways. A word's line boxes are counted by their tops.
 */
async function badlyDrawn(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const tops = (range: Range) =>
      new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
    for (const cell of document.querySelectorAll<HTMLElement>('main table th, main table td')) {
      // Free text (a reason, the raw JSON) may wrap anywhere; headers, amounts, names and dates may not.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) =>
          node.parentElement?.closest('.admin-reason, .admin-raw, .visually-hidden, .admin-short')
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (tops(range) > 1) found.push(`"${match[0]}" split across lines`);
        }
      }
    }
    for (const value of document.querySelectorAll<HTMLElement>('main [data-short-value] .admin-short__text')) {
      const range = document.createRange();
      range.selectNodeContents(value);
      if (tops(range) > 1) found.push(`${value.textContent} on ${tops(range)} lines`);
      // Squeezed: cut to under 24 px while its text needs more (a one-character id is simply short).
      if (value.getBoundingClientRect().width < 24 && value.scrollWidth > value.clientWidth)
        found.push(`${value.textContent} squeezed to nothing`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      // Name the innermost boxes that stick out, so a failure says what to fix.
      const wide = [...document.querySelectorAll<HTMLElement>('main *')].filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 1 || element.getBoundingClientRect().left < -1,
      );
      const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
      const names = innermost.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      found.push(`page ${document.documentElement.scrollWidth} px wide (${names.join(', ')})`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (
        ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
        element.scrollWidth > element.clientWidth + 1
      )
        found.push(`${element.tagName.toLowerCase()}.${element.className} scrolls sideways`);
    }
    return found;
  });
  return problems.map((problem) => `${label}: ${problem}`);
}

async function openDrawn(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
}

const shotName = (route: string) => route.slice(1).replace(/[/?=]/g, '-');

/** The window at a width: a phone's height below 500 px, a desktop window's above. */
const windowAt = (width: number) => ({ width, height: width < 500 ? 844 : 900 });

/** Two frames after a resize: what listens to the size (a media query, a resize observer) has drawn at the new one. */
async function drawnAtNewSize(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const language of ['en', 'ar'] as const) {
  test(`every admin table reads at ${widths.join(', ')} px in ${language}: no word or id split, nothing sideways`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await useLanguage(page, language);
    // Rows in every table: a confirmed and a pending receipt (the same file twice: a duplicate), a withdrawal,
    // a message, and the audit rows these decisions leave; a long e-mail to cut.
    const investor = await (await browser.newContext({ baseURL, serviceWorkers: 'block' })).newPage();
    const email = await signUpInvestor(investor, 'Bartholomew');
    await uploadReceipt(investor, email, 1200, 'bitcoin');
    await confirmDeposit(request, email);
    await uploadReceipt(investor, email, 150, 'ethereum');
    await requestWithdrawal(investor, 60);
    await investor.context().close();
    await signInNewAdmin(page, request);
    await openDrawn(page, '/users');
    const userPage = (await page.locator('main a[href^="/admin/users/"]').first().getAttribute('href'))!;

    const routes = [...adminRoutes.filter((route) => route !== '/admin/no-such-page'), '/users', userPage];
    const problems: string[] = [];
    // Each page is opened once and the window then takes each width, as a window dragged narrower would: the desk's
    // layout follows the width in CSS alone, so the page drawn at a width is the one opened at it, without loading
    // the app and its data again for every width.
    for (const route of routes) {
      await page.setViewportSize(windowAt(widths[0]!));
      await openDrawn(page, route.startsWith('/receipts') ? '/receipts?status=all' : route);
      for (const width of widths) {
        await page.setViewportSize(windowAt(width));
        await drawnAtNewSize(page);
        problems.push(...(await badlyDrawn(page, `${width} px ${route}`)));
        // Kept for the tables and the shell at each width; the rest once, at 1280 px.
        if (['/receipts', '/admin/withdrawals', '/users', '/admin/audit-log'].includes(route) || width === 1280) {
          await keepScreenshot(
            page,
            `admin-${shotName(route === userPage ? '/user-detail' : route)}-${width}px-${language}.png`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
}
