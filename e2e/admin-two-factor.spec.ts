import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { enrolInSecurityPanel, nextCode } from './two-factor-steps';

// The e2e server's own admin (playwright.config.ts) adds a second admin for this journey, so turning two-factor
// on here leaves the admin the other journeys sign in with untouched.
const operator = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

test('an admin turns on two-factor from the security page, logs out, and logs in with the code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const login = await request.post('/api/admin/login', { data: operator });
  expect(login.status(), await login.text()).toBe(200);
  const email = `admin-2fa-${Date.now().toString(36)}@example.com`;
  const password = 'second admin password 1';
  const added = await request.post('/api/admin/add-admin', {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
    data: { email, password, name: 'Second Admin' },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);

  await page.goto('/admin/security');
  const secret = await enrolInSecurityPanel(page);
  // Checked before the login below, whose first answer is the spec's 401 'Two-factor code required' (which the
  // browser logs as a failed request).
  expect(errors).toEqual([]);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password was right: no session yet, the page asks for the code.
  const codeField = page.getByLabel('Two-factor code');
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await codeField.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);
  await expect(page.getByRole('banner')).toContainText(email);
});
