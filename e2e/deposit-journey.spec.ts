import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';

// A real 1×1 PNG: the server checks a receipt's type by its bytes.
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4P5MBAAQzAZncH4SNAAAAAElFTkSuQmCC',
  'base64',
);
// The e2e server's admin (playwright.config.ts webServer env).
const admin = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

test('an investor deposits $150 with a receipt; once an admin confirms it, the balance shows it', async ({
  page,
  request,
}) => {
  const errors = collectPageErrors(page);
  const email = `investor-${Date.now().toString(36)}@example.com`;
  // Signing up through the page's own request context leaves the session cookie in the browser.
  const signup = await page.request.post('/api/signup', {
    data: {
      firstName: 'Dana',
      lastName: 'Deposit',
      email,
      phoneNumber: '+12025550143',
      country: 'US',
      password: 'journey-password-1',
      // The terms version operator.config.json names (issue 37): sign-up records its acceptance.
      acceptedTermsVersion: '2026-11-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  await page.goto('/deposit-page');
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('radio', { name: 'Ethereum' }).check();
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/bitcoindeposit1\?amount=150&coin=ethereum$/);
  await expect(page.getByText('This amount is in the range of the Sonic plan.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page
    .getByLabel(/Receipt \(PDF/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng });
  await page.getByRole('button', { name: 'Upload Receipt' }).click();
  await expect(page.getByText('Receipt uploaded successfully')).toBeVisible();
  await expect(
    page.getByText('Your deposit of $150.00 is pending until an administrator confirms the payment.'),
  ).toBeVisible();

  // The admin works from a separate request context, with the bearer token of their own session.
  const login = await request.post('/api/admin/login', { data: admin });
  expect(login.status()).toBe(200);
  const auth = { Authorization: `Bearer ${(await login.json()).token}` };
  const { receipts } = (await (
    await request.get('/api/admin/receipts?status=pending&pageSize=100', { headers: auth })
  ).json()) as { receipts: Array<{ id: string; user: { email: string } }> };
  const receipt = receipts.find((candidate) => candidate.user.email === email);
  expect(receipt).toBeDefined();
  const confirm = await request.post(`/api/admin/confirm-receipt/${receipt!.id}`, { headers: auth });
  expect(await confirm.json()).toEqual({ message: 'Receipt confirmed' });

  await page.goto('/dashboard');
  const balanceCard = page.locator('.dashboard-summary__card', { hasText: 'Account Balance' });
  await expect(balanceCard.locator('dd')).toHaveText('$150.00');

  await page.goto('/withdraw-page');
  await expect(page.getByRole('region', { name: 'Account Balance' })).toContainText('$150.00');
  expect(errors).toEqual([]);
});
