import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getAddress } from 'viem';
import { collectPageErrors, useLanguage } from './console-guard';
import { signInNewAdmin, signUpInvestor } from './investor-setup';
import { keepScreenshot, sidewaysOverflow } from './phone-fit-steps';

// Issue 37: the operator loads a sanctions list on the desk; an investor's payout address on it is refused with the
// neutral words, in their language, on a phone; the incident waits on the desk for a decision with a note.
const refusedText = (language: string) =>
  (JSON.parse(readFileSync(`locales/${language}/investor.json`, 'utf8')) as { profile: { addressRefused: string } })
    .profile.addressRefused;

test('a loaded list refuses a listed payout address with neutral words (en, ar at 390 px); the desk decides the incident', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const listed = [`0x${randomBytes(20).toString('hex')}`, `0x${randomBytes(20).toString('hex')}`];

  // The operator loads the Ethereum list at 1280 px and sees its size.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInNewAdmin(page, request);
  await page.goto('/admin/sanctions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sanctions screening' })).toBeVisible();
  await page.getByLabel('Coin').selectOption('ethereum');
  await page.getByLabel('List file (plain text, one address a line)').setInputFiles({
    name: 'sanctioned_ETH.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`# sanctioned Ethereum addresses\n${listed.join('\n')}\nnot-an-address\n`),
  });
  await page.getByRole('button', { name: 'Load the list' }).click();
  await expect(page.getByText('List loaded: 2 addresses, 1 lines left out, 0 new incidents.')).toBeVisible();
  const ethereumRow = page.getByRole('row').filter({ hasText: 'Ethereum' });
  await expect(ethereumRow).toContainText('2');
  // Other specs share this server and may leave incidents of their own open: count only this list's.
  const incidents = page.getByTestId('sanctions-incident').filter({ hasText: new RegExp(listed.join('|'), 'i') });
  await expect(incidents).toHaveCount(0);
  await keepScreenshot(page, 'sanctions-desk-1280.png');

  // An investor on a phone, in English and in Arabic, sets a checksummed form of a listed address: refused.
  for (const [index, language] of (['en', 'ar'] as const).entries()) {
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const phone = await context.newPage();
    const phoneErrors = collectPageErrors(phone);
    await useLanguage(phone, language);
    await signUpInvestor(phone);
    await phone.goto('/user-profile?tab=withdrawer');
    await expect(phone.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const field = phone.locator('input[name="ethereumAddress"]');
    await field.fill(getAddress(listed[index]!));
    await phone.locator('form.profile-form button[type="submit"]').click();
    await expect(phone.getByText(refusedText(language), { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await sidewaysOverflow(phone, `withdrawer ${language}`)).toEqual([]);
    await keepScreenshot(phone, `sanctions-refused-390-${language}.png`);
    // The refusal's own 422 is the one error the browser logs.
    expect(phoneErrors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    await context.close();
  }

  // The desk lists both incidents; one is dismissed with a note and leaves the list.
  await page.reload();
  await expect(incidents).toHaveCount(2);
  await expect(incidents.first()).toContainText('Payout address refused');
  await expect(incidents.filter({ hasText: listed[1]! })).toHaveCount(1);
  await incidents.filter({ hasText: listed[0]! }).getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Note').fill('Checked with the investor: a mistyped address');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Incident decided.')).toBeVisible();
  await expect(incidents).toHaveCount(1);
  await keepScreenshot(page, 'sanctions-incidents-1280.png');
  expect(errors).toEqual([]);
});
