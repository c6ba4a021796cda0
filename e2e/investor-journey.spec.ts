import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';

// One investor, start to finish, against the real API and database: nothing on these pages is stubbed.
test('a new investor signs up, sees their empty account, saves payout details and signs out', async ({ page }) => {
  const errors = collectPageErrors(page);
  const email = `investor-${Date.now().toString(36)}@example.com`;
  const ethereum = '0x52908400098527886E0F7030069857D2E4169EE7';

  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+44 20 7946 0958');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Password', { exact: true }).fill('journey-secret-1');
  await page.getByLabel('I accept the terms and the risk disclosure').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // The dashboard: the name from GET /api/session, every figure from GET /api/dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Profile of Ada Journey' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
  const summary = page.locator('.dashboard-summary');
  await expect(summary.locator('dd')).toHaveText(['$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00']);
  await expect(page.getByText('You do not have an active investment plan at the moment.')).toBeVisible();
  await expect(page.getByLabel('Your referral link')).toHaveValue(/\/referral\/\w+$/);

  // The sidebar starts closed; through it to the (empty) transaction history.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Investor menu' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transaction$/);
  await expect(page.getByText('You have no deposits yet.')).toBeVisible();

  // Withdrawer details are saved on the server.
  await page.getByRole('link', { name: 'Profile of Ada Journey' }).click();
  await page.getByRole('tab', { name: 'Withdrawer Details' }).click();
  await page.getByLabel('Bank name').fill('Placeholder Bank');
  await page.getByLabel('Ethereum address').fill(ethereum);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved.')).toBeVisible();
  const saved = (await (await page.request.get('/api/user')).json()) as { user: Record<string, unknown> };
  expect(saved.user).toMatchObject({ bankName: 'Placeholder Bank', ethereumAddress: ethereum, bitcoinAddress: null });

  expect(errors).toEqual([]);

  // Signing out ends the session: the dashboard then sends to sign-in (its 401 is expected, so errors were checked above).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('referralLink')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});
