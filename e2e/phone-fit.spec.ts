import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from './console-guard';
import { confirmDeposit, requestWithdrawal, signUpInvestor, uploadReceipt } from './investor-setup';

const publicRoutes = [
  '/', '/about-us', '/services', '/portfolio', '/contact', '/sign-in', '/sign-up', '/reset-password',
  '/update-password', '/email-verification', '/product-home', '/referral/ABC', '/no-such-page',
];
const investorRoutes = [
  '/dashboard', '/asset', '/deposit-page', '/crytodeposit?price=150&planName=Sonic', '/bitcoindeposit1?amount=150&coin=ethereum',
  '/withdraw-page', '/transaction', '/transaction?tab=withdrawal', '/transaction?tab=others', '/user-profile',
  '/user-profile?tab=withdrawer', '/user-profile?tab=security', '/referral-page', '/trading-plans', '/tradingplan-details/1',
];
// Kept as CI artifacts (Playwright's outputDir, test-results/).
const screenshots = new Set(['/', '/dashboard', '/transaction', '/withdraw-page']);

test.use({ viewport: { width: 390, height: 844 } });

/**
 * What sticks out sideways once the page has drawn its data: the document wider than the screen, or a box
 * inside it that scrolls sideways (a table in its own scroller hides its last columns just the same).
 */
async function overflowOf(page: Page, route: string, language: string) {
  await page.goto(route);
  await expect(page.locator('main h1').first()).toBeVisible();
  if (language === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
  if (screenshots.has(route)) {
    const name = `${route === '/' ? 'home' : route.slice(1)}-390px-${language}.png`;
    const path = test.info().outputPath(name);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(name, { path, contentType: 'image/png' });
  }
  const { width, scrollers } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    scrollers: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  }));
  return [...(width > 390 ? [`${route}: ${width} px`] : []), ...scrollers.map((scroller) => `${route}: ${scroller} scrolls sideways`)];
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`a 390 px phone in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('every public page fits the screen', async ({ page }) => {
      test.setTimeout(240_000);
      const tooWide: string[] = [];
      for (const route of publicRoutes) tooWide.push(...await overflowOf(page, route, language));
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
      for (const route of investorRoutes) tooWide.push(...await overflowOf(page, route, language));
      expect(tooWide).toEqual([]);
    });
  });
}
