import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { capturedMailTo } from './mail-capture';

// A real 1×1 PNG: the server checks a receipt's type by its bytes.
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4P5MBAAQzAZncH4SNAAAAAElFTkSuQmCC',
  'base64',
);
// The e2e server's admin (playwright.config.ts webServer env).
const admin = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

let counter = 0;

/**
 * Signs a new investor up through `requester`: the page's own request context keeps the session cookie in the
 * browser, a separate one (an admin's test) leaves the browser signed out.
 */
export async function registerInvestor(
  requester: APIRequestContext,
  { firstName = 'Dana', lastName = 'Phone', email = uniqueInvestorEmail('investor') } = {},
) {
  const signup = await requester.post('/api/signup', {
    data: {
      firstName,
      lastName,
      email,
      phoneNumber: '+12025550143',
      country: 'US',
      password: 'journey-password-1',
      // The terms version operator.config.json names (issue 37): sign-up records its acceptance.
      acceptedTermsVersion: '2026-11-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  return { email, userId: ((await signup.json()) as { user: { id: string } }).user.id };
}

export const uniqueInvestorEmail = (prefix: string, domain = 'example.com') =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${(counter += 1)}@${domain}`;

/** Signs a new investor up in the browser's session; returns their e-mail. */
export const signUpInvestor = async (page: Page, firstName = 'Dana') =>
  (await registerInvestor(page.request, { firstName })).email;

/** Verifies the investor's e-mail with the code the app mailed, as the verification page does. */
export async function verifyEmail(page: Page, email: string) {
  await expect.poll(async () => (await capturedMailTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec((await capturedMailTo(email)).at(-1)!.text)?.[1] ?? '';
  const verified = await page.request.post('/api/verify-email', { data: { email, verificationCode: code } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Cookie-authenticated unsafe requests must name the site as their origin. */
const originHeader = () => ({ Origin: String(test.info().project.use.baseURL) });

export async function uploadReceipt(page: Page, email: string, amount: number, coin = 'bitcoin') {
  const response = await page.request.post('/api/upload-receipt', {
    headers: originHeader(),
    multipart: {
      email,
      amount: String(amount),
      coin,
      receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { deposit: { id: string } };
}

/** The admin works from a separate request context, with the bearer token of their own session. */
export async function confirmDeposit(request: APIRequestContext, email: string) {
  const login = await request.post('/api/admin/login', { data: admin });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const answer = await request.get('/api/admin/receipts?status=pending&pageSize=100', { headers });
  const { receipts } = (await answer.json()) as { receipts: Array<{ id: string; user: { email: string } }> };
  const receipt = receipts.find((candidate) => candidate.user.email === email);
  expect(receipt).toBeDefined();
  expect((await request.post(`/api/admin/confirm-receipt/${receipt!.id}`, { headers })).status()).toBe(200);
}

/**
 * Adds a new admin (the e2e admin stays without two-factor for the other journeys) and signs them in on /login,
 * by field names, so it works in every language.
 */
export async function signInNewAdmin(page: Page, request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: admin });
  expect(login.status()).toBe(200);
  const email = `admin-${Date.now().toString(36)}-${process.pid}-${(counter += 1)}@example.com`;
  const password = 'phone-admin-password-1';
  const added = await request.post('/api/admin/add-admin', {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
    data: { email, password },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // Typing can land before the page's script takes the form over, which empties it: then it is typed again.
  await expect(async () => {
    await page.locator('form.admin-form input[name="email"]').fill(email);
    await page.locator('form.admin-form input[name="password"]').fill(password);
    await page.locator('form.admin-form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard-overview$/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return email;
}

/** Saves a Bitcoin payout address and requests a withdrawal (held at once, pending until an admin pays it). */
export async function requestWithdrawal(page: Page, amount: number) {
  const saved = await page.request.put('/api/update-profile', {
    headers: originHeader(),
    data: { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const created = await page.request.post('/api/withdrawals', {
    headers: originHeader(),
    data: { amount, method: 'Bitcoin' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The admin publishes a proof-of-liabilities snapshot of the ledger as it stands; returns its root and total. */
export async function takeLiabilitySnapshot(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: admin });
  expect(login.status()).toBe(200);
  const taken = await request.post('/api/admin/proof-of-liabilities', {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  return (await taken.json()).snapshot as { id: number; root: string; total: number };
}
