import { expect, test, type Page } from '@playwright/test';
import { openRendered, seriousViolations } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { confirmDeposit, requestWithdrawal, signUpInvestor, uploadReceipt } from './investor-setup';
import { misfits } from './phone-fit-steps';
import { investorRoutes, landingRoutes, otherPublicRoutes } from './routes';

// Every public and investor page on the phone the product is built for first (and the width Lighthouse's audit
// uses), each opened once, its data drawn and every part hydrated, then read twice: nothing sticks out sideways or
// wraps in the top bar, and axe finds nothing serious.
test.use({ viewport: { width: 390, height: 844 } });

/** Opens the routes one after the other in the same page; what does not fit and what axe finds, apart. */
async function walk(page: Page, routes: readonly string[], language: string) {
  const tooWide: string[] = [];
  const axe: string[] = [];
  for (const route of routes) {
    await openRendered(page, route, language);
    tooWide.push(...(await misfits(page, route, language)));
    axe.push(...(await seriousViolations(page, `${route} [${language}]`)));
  }
  return { tooWide, axe };
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`a 390 px phone in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    // Apart from the other pages: axe takes longest here (a hundred treemap tiles, the plans, the carousel).
    test('the landing fits the screen and axe finds nothing serious on it', async ({ page }) => {
      test.setTimeout(300_000);
      const { tooWide, axe } = await walk(page, landingRoutes, language);
      expect.soft(tooWide).toEqual([]);
      expect(axe).toEqual([]);
    });

    test('every other public page fits the screen and axe finds nothing serious on it', async ({ page }) => {
      test.setTimeout(300_000);
      const { tooWide, axe } = await walk(page, otherPublicRoutes, language);
      expect.soft(tooWide).toEqual([]);
      expect(axe).toEqual([]);
    });

    test('every investor page, with money in every state, fits the screen and axe finds nothing serious on it', async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      // An investor with money in every state, so the tables have rows: confirmed, pending, withdrawn.
      const email = await signUpInvestor(page);
      await uploadReceipt(page, email, 150, 'bitcoin');
      await confirmDeposit(request, email);
      await uploadReceipt(page, email, 1000, 'ethereum');
      await requestWithdrawal(page, 60);
      const { tooWide, axe } = await walk(page, investorRoutes, language);
      // The smallest phone in use (320 px) still gets the top bar on one row.
      await page.setViewportSize({ width: 320, height: 640 });
      await openRendered(page, '/dashboard', language);
      tooWide.push(...(await misfits(page, '/dashboard', language)).map((problem) => `320 px ${problem}`));
      expect.soft(tooWide).toEqual([]);
      expect(axe).toEqual([]);
    });
  });
}
