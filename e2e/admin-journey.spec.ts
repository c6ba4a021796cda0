import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parseCsv } from '../api/test/csv';
import { collectPageErrors } from './console-guard';

// A real 1×1 PNG: the server checks a receipt's type by its bytes.
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4P5MBAAQzAZncH4SNAAAAAElFTkSuQmCC',
  'base64',
);
// The e2e server's admin (playwright.config.ts webServer env).
const admin = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

async function accountBalance(request: APIRequestContext, headers: Record<string, string>) {
  return ((await (await request.get('/api/dashboard', { headers })).json()) as { balances: { accountBalance: number } })
    .balances.accountBalance;
}

test('the operator runs the business from the browser: receipts, withdrawals, users, CSV, audit; investors are refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const investorContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const investorPassword = 'journey-password-1';
  const email = `admin-journey-${Date.now().toString(36)}@example.com`;
  const signup = await investorContext.request.post('/api/signup', {
    data: {
      firstName: 'Ines',
      lastName: 'Vestor',
      email,
      phoneNumber: '+12025550143',
      country: 'US',
      password: investorPassword,
      // The terms version operator.config.json names (issue 37): sign-up records its acceptance.
      acceptedTermsVersion: '2026-11-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const investorAuth = { Authorization: `Bearer ${(await signup.json()).token}` };
  const upload = await investorContext.request.post('/api/upload-receipt', {
    headers: investorAuth,
    multipart: {
      receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng },
      email,
      amount: '150',
      coin: 'ethereum',
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // /login: a wrong password first gets the spec's message, then the admin is in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);
  await expect(page.getByRole('banner')).toContainText(admin.email);
  await expect(
    page.locator('.admin-stat', { hasText: 'Deposits waiting for confirmation' }).locator('.admin-stat__value'),
  ).toHaveText(/^[1-9]\d* \(\$[\d,]+\.\d\d\)$/);
  await expect(page.getByRole('img', { name: /Confirmed deposits and paid withdrawals per day/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu.getByRole('link', { name: /Confirm Receipts/ })).toContainText(/\d+ waiting/);

  // Registered Users: found by e-mail; the export of that search downloads and parses.
  await menu.getByRole('link', { name: 'Registered Users' }).click();
  await page.getByLabel('Search by name or e-mail').fill(email);
  const usersTable = page.getByRole('table', { name: 'Registered users' });
  await expect(usersTable.getByRole('row')).toHaveCount(2);
  await expect(usersTable.getByRole('row').nth(1)).toContainText('Ines Vestor');
  await expect(usersTable.getByRole('row').nth(1)).toContainText(email);
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', /search=/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-.*\.csv$/);
  const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(csv[0]).toEqual(['id', 'name', 'email', 'country', 'joined', 'emailVerified', 'availableBalance']);
  expect(csv.slice(1)).toEqual([expect.arrayContaining(['Ines Vestor', email, 'US', '0.00'])]);

  // Confirm Receipts from the menu: the receipt is previewed, then confirmed in a dialog.
  await menu.getByRole('link', { name: /Confirm Receipts/ }).click();
  const preview = page.getByRole('img', { name: new RegExp(`^Receipt #\\w+ of ${email.replace(/[.]/g, '\\.')}$`) });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  await page.getByRole('button', { name: `Confirm the receipt of $150.00 from ${email}` }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Confirm the receipt of $150.00?' });
  await expect(confirmDialog).toContainText(email);
  await confirmDialog.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(page.getByText('Receipt confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: `Confirm the receipt of $150.00 from ${email}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm Receipts' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Confirm the receipt of $150.00 from ${email}` })).toHaveCount(0);

  // The investor's dashboard shows the money.
  const investorPage = await investorContext.newPage();
  await investorPage.goto('/dashboard');
  const balanceCard = investorPage.locator('.dashboard-summary__card', { hasText: 'Account Balance' }).locator('dd');
  await expect(balanceCard).toHaveText('$150.00');

  // A withdrawal of $100 is held; the admin rejects it with a reason and the balance comes back.
  const profile = await investorContext.request.put('/api/update-profile', {
    headers: investorAuth,
    data: { bitcoinAddress: 'bc1qe2epayxutxddressxxxxxxxxxxxxxxxxxxxx' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const withdrawal = await investorContext.request.post('/api/withdrawals', {
    headers: investorAuth,
    data: { amount: '100', method: 'Bitcoin' },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
  expect(await accountBalance(investorContext.request, investorAuth)).toBe(50);
  await menu.getByRole('link', { name: /Withdrawals/ }).click();
  await page.getByRole('button', { name: `Reject the withdrawal of $100.00 by ${email}` }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject the withdrawal of $100.00?' });
  await rejectDialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(rejectDialog.getByText('Give the investor a reason.')).toBeVisible();
  await rejectDialog.getByLabel('Reason').fill('The payout address belongs to a sanctioned exchange');
  await rejectDialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(
    page.getByText("Withdrawal rejected; the amount is back in the investor's available balance"),
  ).toBeVisible();
  await investorPage.reload();
  await expect(balanceCard).toHaveText('$150.00');
  const mine = (await (await investorContext.request.get('/api/withdrawals', { headers: investorAuth })).json()) as {
    withdrawals: Array<{ status: string; rejectReason: string }>;
  };
  expect(mine.withdrawals).toMatchObject([
    { status: 'rejected', rejectReason: 'The payout address belongs to a sanctioned exchange' },
  ]);

  // The audit log shows the rejection under its filter.
  await menu.getByRole('link', { name: 'Audit Log' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption('withdrawal.reject');
  await expect(page.getByRole('cell', { name: 'Rejected a withdrawal' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Confirmed a receipt' })).toHaveCount(0);
  // The wrong password's 401 was the expected answer; nothing else went wrong.
  expect(errors.filter((error) => !/status of 401 .*\/api\/admin\/login\)$/.test(error))).toEqual([]);
  await investorContext.close();

  // Logout ends the session: the panel then sends to /login.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('adminId'))).toBeNull();
  await page.goto('/dashboard-overview');
  await expect(page).toHaveURL(/\/login$/);

  // An investor's credentials are refused (the 401 is the expected answer, so page errors were checked above).
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(investorPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the landing page fetches none of the admin code, chart or texts', async ({ page }) => {
  const scripts: string[] = [];
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // The page's own scripts: a worker's (the short-lived Intl warm-up) may be gone before its text is read.
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || /\.worker-[^/]+\.js$/.test(response.url())) return;
    scripts.push(await response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(requested.filter((path) => /admin/.test(path))).toEqual([]);
  // Class names only the admin feature uses: menu badges, receipts and the SVG chart.
  for (const marker of ['admin-sidebar__badge', 'admin-chart__deposits', 'admin-preview__open']) {
    expect(
      scripts.some((text) => text.includes(marker)),
      marker,
    ).toBe(false);
  }
});
