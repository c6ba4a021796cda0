import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type enPrivacy from '../locales/en/privacy.json';
import { collectPageErrors, useLanguage } from './console-guard';
import { registerInvestor, signInNewAdmin, signUpInvestor, uniqueInvestorEmail } from './investor-setup';

// An investor's data, exported or erased (issue 37), on a 390 px phone in English and Arabic (right to left): the
// profile's security tab downloads the data as JSON, then deletes the account, after which it cannot sign in.
test.use({ viewport: { width: 390, height: 844 } });

const texts = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}/privacy.json`, 'utf8')) as typeof enPrivacy;

/** Nothing wider than the screen: the page does not scroll sideways. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const language of ['en', 'ar'] as const) {
  test(`download my data, then delete the account at 390 px (${language})`, async ({ page }) => {
    const errors = collectPageErrors(page);
    const words = texts(language);
    await useLanguage(page, language);
    const email = await signUpInvestor(page, 'Privacy');

    await page.goto('/user-profile?tab=security');
    const exportSection = page.locator('section[aria-labelledby="privacy-export-title"]');
    await expect(exportSection.getByRole('heading')).toHaveText(words.export.title);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportSection.getByRole('link', { name: words.export.json }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.tables.profile[0]).toMatchObject({ email, first_name: 'Privacy' });

    const erase = page.locator('section[aria-labelledby="privacy-erase-title"]');
    await erase.scrollIntoViewIfNeeded();
    await expect(erase).toContainText(words.erase.irreversible);
    await expect(erase).toContainText(words.erase.kept);
    expect(await fitsTheScreen(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`privacy-${language}.png`), fullPage: true });

    // A wrong confirmation word is caught on the page; then the word, the password, and the account is gone.
    await erase.locator('input[name="confirmation"]').fill('nope');
    await erase.locator('input[name="password"]').fill('journey-password-1');
    await erase.getByRole('button', { name: words.erase.submit }).click();
    await expect(erase).toContainText(words.erase.confirmMismatch.replace('{{word}}', words.erase.confirmWord));
    await erase.locator('input[name="confirmation"]').fill(words.erase.confirmWord);
    expect(errors).toEqual([]);
    await erase.getByRole('button', { name: words.erase.submit }).click();
    await expect(page).toHaveURL(/\/sign-in\?erased=1$/);

    const signIn = await page.request.post('/api/signin', { data: { email, password: 'journey-password-1' } });
    expect(signIn.status()).toBe(401);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    // No signed-in query asks again once the session is gone (it was a 401 for /api/2fa in CI, in ar).
    expect(errors).toEqual([]);
  });
}

// The admin desk, at a desktop width.
test.describe('on the admin desk', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin exports and erases an investor from their page (en)', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const words = texts('en');
    const { email, userId } = await registerInvestor(request, {
      firstName: 'Erasable',
      lastName: 'Person',
      email: uniqueInvestorEmail('erase-by-admin'),
    });
    await signInNewAdmin(page, request);

    await page.goto(`/admin/users/${userId}`);
    const section = page.locator('section[aria-labelledby="user-privacy"]');
    await expect(section.getByRole('heading')).toHaveText(words.admin.title);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: words.admin.json }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(`user-${userId}-data-`);
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8')).tables.profile[0].email).toBe(email);

    await section.getByRole('button', { name: words.admin.erase }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(words.admin.confirm);
    await dialog.getByRole('button', { name: words.admin.erase }).click();
    await expect(section.getByRole('status')).toHaveText(words.admin.erased);
    expect(await fitsTheScreen(page)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('admin-erased-en.png'), fullPage: true });

    const signIn = await request.post('/api/signin', { data: { email, password: 'journey-password-1' } });
    expect(signIn.status()).toBe(401);
    expect(errors).toEqual([]);
  });
});
