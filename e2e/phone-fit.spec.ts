import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { useLanguage } from './console-guard';
import { confirmDeposit, requestWithdrawal, signInNewAdmin, signUpInvestor, uploadReceipt } from './investor-setup';
import { investorRoutes, publicRoutes } from './routes';
import { reactIsRunning, scrollThroughPage } from './visitor';

// Kept as CI artifacts (Playwright's outputDir, test-results/).
const screenshots = new Set([
  '/',
  '/dashboard',
  '/transaction',
  '/withdraw-page',
  '/notifications',
  '/user-profile?tab=security',
]);

test.use({ viewport: { width: 390, height: 844 } });

/** Keeps a full-page screenshot as a CI artifact (Playwright's outputDir, test-results/). */
async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/**
 * What sticks out sideways on the page as drawn now: the document wider than the screen, or a box inside it
 * that scrolls sideways (a table in its own scroller hides its last columns just the same).
 */
async function sidewaysOverflow(page: Page, label: string) {
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

/** What sticks out sideways once the route has drawn its data. */
async function overflowOf(page: Page, route: string, language: string) {
  await page.goto(route);
  await reactIsRunning(page);
  await expect(page.locator('main h1').first()).toBeVisible();
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.waitForLoadState('networkidle');
  await scrollThroughPage(page);
  await expect(page.locator('.spinner')).toHaveCount(0);
  if (screenshots.has(route)) {
    const name = `${route === '/' ? 'home' : route.slice(1).replace(/[?=]/g, '-')}-${page.viewportSize()!.width}px-${language}.png`;
    await keepScreenshot(page, name);
  }
  return [...(await sidewaysOverflow(page, route)), ...(await wrappedTopBarText(page, route))];
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`a 390 px phone in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('every public page fits the screen', async ({ page }) => {
      test.setTimeout(240_000);
      const tooWide: string[] = [];
      for (const route of publicRoutes) tooWide.push(...(await overflowOf(page, route, language)));
      expect(tooWide).toEqual([]);
    });

    test('every investor page fits the screen', async ({ page, request }) => {
      test.setTimeout(240_000);
      // An investor with money in every state, so the tables have rows: confirmed, pending, withdrawn.
      const email = await signUpInvestor(page);
      await uploadReceipt(page, email, 150, 'bitcoin');
      await confirmDeposit(request, email);
      await uploadReceipt(page, email, 1000, 'ethereum');
      await requestWithdrawal(page, 60);
      const tooWide: string[] = [];
      for (const route of investorRoutes) tooWide.push(...(await overflowOf(page, route, language)));
      // The smallest phone in use (320 px) still gets the top bar on one row.
      await page.setViewportSize({ width: 320, height: 640 });
      tooWide.push(...(await overflowOf(page, '/dashboard', language)).map((problem) => `320 px ${problem}`));
      expect(tooWide).toEqual([]);
    });

    test("the admin's security page fits the screen through two-factor enrolment", async ({ page, request }) => {
      test.setTimeout(120_000);
      await signInNewAdmin(page, request);
      const tooWide = await overflowOf(page, '/admin/security', language);
      const panel = page.locator('.security-panel').first();
      await keepScreenshot(page, `admin-security-390px-${language}.png`);

      await panel.getByRole('button').first().click();
      const secret = page.locator('.security-secret');
      await expect(secret).toHaveText(/^[A-Z2-7]{32}$/);
      tooWide.push(...(await sidewaysOverflow(page, '/admin/security, setting up')));
      await keepScreenshot(page, `admin-security-setup-390px-${language}.png`);

      const totp = new TOTP({
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        secret: Secret.fromBase32((await secret.textContent())!.trim()),
      });
      await page.locator('input[autocomplete="one-time-code"]').fill(totp.generate());
      await page.locator('form.security-panel button[type="submit"]').click();
      await expect(page.locator('.security-codes li')).toHaveCount(10);
      tooWide.push(...(await sidewaysOverflow(page, '/admin/security, recovery codes')));
      await keepScreenshot(page, `admin-security-codes-390px-${language}.png`);
      expect(tooWide).toEqual([]);
    });

    test('the admin Plans page fits the screen, its form open too', async ({ page, request }) => {
      await signInNewAdmin(page, request);
      const tooWide = await overflowOf(page, '/admin/plans', language);
      await keepScreenshot(page, `admin-plans-390px-${language}.png`);
      await page.locator('.plans-table__actions button').first().click();
      await expect(page.locator('.plan-form')).toBeVisible();
      tooWide.push(...(await sidewaysOverflow(page, '/admin/plans, editing')));
      await keepScreenshot(page, `admin-plans-form-390px-${language}.png`);
      expect(tooWide).toEqual([]);
    });
  });
}
