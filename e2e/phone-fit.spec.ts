import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openRendered } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { signInNewAdmin } from './investor-setup';
import { keepScreenshot, misfits, sidewaysOverflow } from './phone-fit-steps';

// The public and investor pages are checked on the walk that also audits them with axe (phone-walk.spec.ts), which
// opens each page once for both.
test.use({ viewport: { width: 390, height: 844 } });

/** What sticks out sideways once the route has drawn its data. */
async function overflowOf(page: Page, route: string, language: string) {
  await openRendered(page, route, language);
  return misfits(page, route, language);
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`a 390 px phone in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

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
