import { expect, test, type Locator, type Page } from '@playwright/test';
import { useLanguage } from './console-guard';
import { signInNewAdmin, signUpInvestor } from './investor-setup';
import { reactIsRunning } from './visitor';

/** The tops of the lines a text runs over (text read out but hidden from the eye counts too). */
const lineTops = (text: Locator) =>
  text.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return [...new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)))];
  });

/** The words of a text that are broken across two lines. */
const brokenWords = (text: Locator) =>
  text.evaluate((element) => {
    const node = element.firstChild!;
    const words = [...node.textContent!.matchAll(/\S+/g)];
    return words.flatMap((word) => {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
      return tops.size > 1 ? [word[0]] : [];
    });
  });

/** A text cut off by its box, sideways or below. */
const clipped = (text: Locator) =>
  text.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1,
  );

const box = async (locator: Locator) => (await locator.boundingBox())!;

async function open(page: Page, route: string) {
  await page.goto(route);
  await reactIsRunning(page);
}

for (const language of ['en', 'ar'] as const) {
  test(`a 390 px phone in ${language}: the dashboard's figures are tiles two a row, with money in progress and the active plans on the first screen; table captions keep one line; the top bar's site name is whole or left out`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    await signUpInvestor(page);

    await open(page, '/dashboard');
    const tiles = page.locator('.dashboard-summary__card');
    await expect(tiles).toHaveCount(6);
    const [first, second, third] = [await box(tiles.nth(0)), await box(tiles.nth(1)), await box(tiles.nth(2))];
    expect(second.y).toBe(first.y);
    expect(third.y).toBeGreaterThan(first.y);
    for (const heading of [page.locator('.dashboard-pending h2'), page.locator('.dashboard-plans h2')]) {
      await expect(heading).toBeVisible();
      const { y, height } = await box(heading);
      expect(y + height).toBeLessThanOrEqual(844);
    }

    for (const route of ['/withdraw-page', '/referral-page']) {
      await open(page, route);
      const caption = page.locator('main .table__caption');
      await expect(caption).toBeVisible();
      expect(await lineTops(caption), `${route}: "${await caption.textContent()}"`).toHaveLength(1);
    }

    // The top bar's site name, where the window leaves it room: whole words, nothing clipped; else only the logo.
    const name = page.locator('.app-shell__brand-name');
    for (const width of [700, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      if (!(await name.isVisible())) continue;
      expect({ width, clipped: await clipped(name), broken: await brokenWords(name) }).toEqual({
        width,
        clipped: false,
        broken: [],
      });
    }
    await expect(name).toBeVisible();
  });
}

test("the site's name wraps between its words, never cut, on a phone and in French at 1280 px", async ({ page }) => {
  const name = page.locator('.site-header__brand span');
  for (const [language, width] of [
    ['en', 390],
    ['ar', 390],
    ['fr', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await useLanguage(page, language);
    await open(page, '/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    expect({ language, width, clipped: await clipped(name), broken: await brokenWords(name) }).toEqual({
      language,
      width,
      clipped: false,
      broken: [],
    });
  }
});

test('the admin side menu stays in view down a long page', async ({ page, request }) => {
  const height = 400;
  await page.setViewportSize({ width: 1280, height });
  await signInNewAdmin(page, request);
  await open(page, '/admin/audit-log');
  await expect(page.locator('main table')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  // Right under the pinned top bar (its links' focus rings have 5 px inside it); taller than the window, the menu
  // scrolls on its own, never sideways.
  const bar = await box(page.locator('.app-shell__top-bar'));
  const menu = page.locator('.app-shell__nav-list');
  const { y, height: menuHeight } = await box(menu);
  expect(y).toBeGreaterThanOrEqual(bar.y + bar.height - 5);
  expect(y + menuHeight).toBeLessThanOrEqual(height);
  await expect(menu.getByRole('link').first()).toBeInViewport();
  expect(await menu.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
