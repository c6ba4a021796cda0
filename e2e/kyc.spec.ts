import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type enKyc from '../locales/en/kyc.json';
import { collectPageErrors, useLanguage } from './console-guard';
import { onePixelPng, signInNewAdmin, signUpInvestor, verifyEmail } from './investor-setup';

// Identity checks (issue 37): the investor submits their identity on a 390 px phone, an admin approves it at
// 1280 px, and the investor then sees level 1, in English and in Arabic (right to left). Texts are read from
// locales/<lang>/kyc.json; screenshots go to /tmp/kyc-review-shots.
const shots = '/tmp/kyc-review-shots';
const texts = (language: string) => JSON.parse(readFileSync(`locales/${language}/kyc.json`, 'utf8')) as typeof enKyc;
const originHeader = () => ({ Origin: String(test.info().project.use.baseURL) });

/** Nothing wider than the screen: the page does not scroll sideways. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const language of ['en', 'ar'] as const) {
  test(`an investor submits their identity on a phone, an admin approves it, the investor reaches level 1 (${language})`, async ({
    page,
    request,
  }) => {
    const text = texts(language);
    const errors = collectPageErrors(page);
    await useLanguage(page, language);
    const email = await signUpInvestor(page);
    await verifyEmail(page, email);
    const legalName = `Dana ${language.toUpperCase()} Phone ${Date.now().toString(36)}`;

    // The investor, on a 390 px phone: level 0, what is needed next, the form.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/kyc');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: text.level.title.replace('{{level}}', '0') })).toBeVisible();
    await expect(page.getByText(text.next.emailDone)).toBeVisible();
    await expect(page.getByText(text.next.identity)).toBeVisible();
    await page.getByLabel(text.form.legalName).fill(legalName);
    await page.getByLabel(text.form.dateOfBirth).fill('1990-12-10');
    await page.getByLabel(text.form.country).selectOption('GB');
    await page.getByLabel(text.form.documentType).selectOption('passport');
    await page.getByLabel(text.form.documentNumber).fill('P1234567');
    for (const field of ['documentFront', 'documentBack', 'selfie'] as const) {
      const picker = page.getByLabel(text.form.images[field]);
      await expect(picker).toHaveAttribute('capture', field === 'selfie' ? 'user' : 'environment');
      await picker.setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: onePixelPng });
    }
    expect(await fitsTheScreen(page)).toBe(true);
    await page.screenshot({ path: `${shots}/form-390-${language}.png`, fullPage: true });
    await page.getByRole('button', { name: text.form.submit }).click();
    await expect(page.getByRole('heading', { name: text.status.pending })).toBeVisible();
    await expect(page.getByText(text.next.identityWaiting)).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    await page.screenshot({ path: `${shots}/pending-390-${language}.png`, fullPage: true });

    // An admin at 1280 px approves it from the queue, the images shown in the dialog.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInNewAdmin(page, request);
    await page.goto('/admin/identity-checks');
    await expect(page.getByRole('heading', { level: 1, name: text.desk.title })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: legalName });
    await row.getByRole('button', { name: text.desk.approve }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: text.desk.approveTitle.replace('{{name}}', legalName) }),
    ).toBeVisible();
    const images = dialog.locator('.admin-kyc-images img');
    await expect(images).toHaveCount(3);
    await expect
      .poll(() => images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await page.screenshot({ path: `${shots}/admin-dialog-1280-${language}.png` });
    await dialog.getByRole('button', { name: text.desk.approve }).click();
    await expect(page.getByText(text.desk.approved)).toBeVisible();

    // The investor, back on the phone, sees level 1 and the approval.
    await page.context().clearCookies();
    const signin = await page.request.post('/api/signin', {
      headers: originHeader(),
      data: { email, password: 'journey-password-1' },
    });
    expect(signin.status(), await signin.text()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/kyc');
    await expect(page.getByRole('heading', { name: text.level.title.replace('{{level}}', '1') })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.status.approved })).toBeVisible();
    await expect(page.getByText(text.next.identityDone)).toBeVisible();
    expect(await fitsTheScreen(page)).toBe(true);
    await page.screenshot({ path: `${shots}/approved-390-${language}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}
