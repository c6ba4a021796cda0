import { expect, test, type Locator, type Page } from '@playwright/test';
import { useLanguage } from './console-guard';
import { confirmDeposit, requestWithdrawal, signInNewAdmin, signUpInvestor, uploadReceipt } from './investor-setup';
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

/** Buys a plan from the balance, on the terms the plan's page would show. */
async function buyPlan(page: Page, planId: number, amount: number) {
  const { version } = (await (await page.request.get(`/api/plans/${planId}`)).json()) as { version: number };
  const bought = await page.request.post('/api/investments', {
    headers: { Origin: String(test.info().project.use.baseURL) },
    data: { planId, planVersion: version, amount: String(amount) },
  });
  expect(bought.status(), await bought.text()).toBe(201);
}

for (const language of ['en', 'ar'] as const) {
  test(`a 390 px phone in ${language}: the dashboard's figures are tiles two a row, with money in progress and the active plans on the first screen under the e-mail banner; table captions keep one line; the top bar's site name is whole or left out`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    // Money in every state: a plan running, a deposit waiting for review and a withdrawal not yet paid.
    const email = await signUpInvestor(page);
    await uploadReceipt(page, email, 150, 'bitcoin');
    await confirmDeposit(request, email);
    await buyPlan(page, 1, 50);
    await requestWithdrawal(page, 60);
    await uploadReceipt(page, email, 1000, 'ethereum');

    await open(page, '/dashboard');
    await expect(page.locator('.verify-email-banner')).toBeVisible();
    const tiles = page.locator('.dashboard-summary__card');
    await expect(tiles).toHaveCount(6);
    const [first, second, third] = [await box(tiles.nth(0)), await box(tiles.nth(1)), await box(tiles.nth(2))];
    expect(second.y).toBe(first.y);
    expect(third.y).toBeGreaterThan(first.y);
    // Money in progress starts on the first screen, and the active plans are counted there, a tap from their list.
    await expect(page.locator('.dashboard-pending__item')).toHaveCount(2);
    const pendingHeading = await box(page.locator('.dashboard-pending h2'));
    expect(pendingHeading.y + pendingHeading.height).toBeLessThanOrEqual(844);
    expect((await box(page.locator('.dashboard-pending__item').first())).y).toBeLessThan(844);
    const plansTile = page.locator('.dashboard-plans-tile');
    await expect(plansTile.locator('.dashboard-plans-tile__count')).toHaveText(/^(1|١)$/);
    const tile = await box(plansTile);
    expect(tile.y + tile.height).toBeLessThanOrEqual(844);
    await plansTile.click();
    await expect(page.locator('.dashboard-plans h2')).toBeInViewport();
    await expect(page.locator('.dashboard-plans__plan').first()).toBeInViewport();

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
    // A wide screen shows the plans themselves on its first screen; the tile is for phones.
    await expect(plansTile).toBeHidden();
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
