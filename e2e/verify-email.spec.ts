import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { signUpInvestor } from './investor-setup';
import { capturedMailTo } from './mail-capture';

test('a new investor verifies the e-mail from the dashboard banner with the mailed code, and the banner goes', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Verify your e-mail address' });
  await expect(banner).toContainText(`We e-mailed a 6-digit code to ${email}. It works for 15 minutes.`);

  await banner.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect.poll(async () => (await capturedMailTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec((await capturedMailTo(email)).at(-1)!.text)?.[1] ?? '';
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your e-mail is verified.')).toHaveAttribute('role', 'status');

  // Back in the same app: the session check is asked again and the banner is gone.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active plan(s) (0)' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(errors).toEqual([]);
});
