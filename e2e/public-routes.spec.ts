import { expect, test } from '@playwright/test';
import { collectPageErrors, useLanguage } from './console-guard';
import { publicRoutes } from './routes';
import { reactIsRunning } from './visitor';

for (const language of ['en', 'ar'] as const) {
  test.describe(`public routes in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    for (const route of publicRoutes) {
      test(`${route} renders its main heading`, async ({ page }) => {
        const errors = collectPageErrors(page);
        await page.goto(route);
        await reactIsRunning(page);
        const heading = page.locator('main h1').first();
        await expect(heading).toBeVisible();
        // The heading is in the chosen language, not English left in place.
        if (language === 'ar') await expect(heading).toHaveText(/[\u0600-\u06FF]/);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    }

    test('an unknown path shows the 404 page', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto('/no-such-page/here');
      await expect(page.locator('main h1')).toHaveText(language === 'en' ? 'Page not found' : /[\u0600-\u06FF]/);
      await expect(page.locator('main a[href="/"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  });
}

test('the referral link opens sign-up with the code filled in', async ({ page }) => {
  await page.goto('/referral/ABC');
  await expect(page.getByLabel(/referral code/i)).toHaveValue('ABC');
});
