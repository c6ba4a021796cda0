import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import type enAuth from '../locales/en/auth.json';
import type enFunds from '../locales/en/funds.json';
import type enTerms from '../locales/en/terms.json';
import { onePixelPng } from './investor-setup';

// Terms on record (issue 37): an investor signs up with the box ticked on a 390 px phone; the operator then publishes
// a new version (TERMS_VERSION, read when the server starts) and restarts; the investor is asked to accept it before a
// withdrawal goes through. The version bump needs a server of this spec's own (the shared e2e server keeps one
// version for its whole run): it runs `npm start`'s script on a port and an embedded database of its own, restarted
// over the same data with the new version, as an operator would.

const read = <T>(language: string, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as T;
const admin = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };
const shots = '/tmp/terms-e2e-shots';

/** With DATABASE_URL (a loaded machine, where embedded PGlite can time out), a database of this spec's own. */
async function onDatabaseServer(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const server = process.env.DATABASE_URL;
  if (!server) return '';
  const name = `terms_e2e_${Date.now().toString(36)}`;
  await onDatabaseServer(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

function startServer(port: number, dataDir: string, databaseUrl: string, termsVersion: string) {
  const server = spawn('npx', ['tsx', 'api/scripts/start.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      RATE_LIMITS: 'off',
      TERMS_VERSION: termsVersion,
      JWT_SECRET: 'terms-e2e-secret-terms-e2e-secret-0123456789',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DATABASE_URL: databaseUrl,
      SMTP_URL: '',
    },
  });
  return server;
}

/** Polls the server's health until it answers `status` (0: nothing answers; npx exits before the server it started). */
async function healthBecomes(port: number, page: Page, status: 200 | 0, timeout: number) {
  await expect
    .poll(
      async () => {
        try {
          return (await page.request.get(`http://localhost:${port}/api/health`, { timeout: 2_000 })).status();
        } catch {
          return 0;
        }
      },
      { timeout, intervals: [500] },
    )
    .toBe(status);
}

const waitUntilUp = (port: number, page: Page) => healthBecomes(port, page, 200, 240_000);
const waitUntilDown = (port: number, page: Page) => healthBecomes(port, page, 0, 60_000);

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await exited;
}

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

const languages = ['en', 'ar'] as const;

type Investor = { language: (typeof languages)[number]; page: Page; email: string };

test('sign-up records the accepted terms, and a new version is asked for before a withdrawal (390 px, en and ar)', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const port = Number(process.env.E2E_PORT ?? 4173) + 50;
  const baseURL = `http://localhost:${port}`;
  const dataDir = `${process.env.E2E_DATA_DIR ?? './data/e2e'}-terms`;
  const investors: Investor[] = [];
  const databaseUrl = await freshDatabase();
  let server = startServer(port, dataDir, databaseUrl, '2026-11-01');
  try {
    for (const language of languages) {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
      await context.addInitScript((code) => localStorage.setItem('language', code), language);
      investors.push({ language, page: await context.newPage(), email: '' });
    }
    await waitUntilUp(port, investors[0]!.page);

    for (const investor of investors) {
      const { language, page } = investor;
      const auth = read<typeof enAuth>(language, 'auth');
      const terms = read<typeof enTerms>(language, 'terms');
      // Sign-up without the box is refused on the page; with it, the account is opened.
      investor.email = `terms-${language}-${Date.now().toString(36)}@example.com`;
      await page.goto('/sign-up');
      const form = page.locator('form.auth-form');
      await form.getByLabel(auth.fields.firstName, { exact: true }).fill('Ada');
      await form.getByLabel(auth.fields.lastName, { exact: true }).fill('Terms');
      await form.getByLabel(auth.fields.email, { exact: true }).fill(investor.email);
      await form.getByLabel(auth.fields.phoneNumber, { exact: true }).fill('+44 20 7946 0958');
      await form.getByLabel(auth.fields.country, { exact: true }).selectOption('GB');
      await form.getByLabel(auth.fields.password, { exact: true }).fill('terms-journey-1');
      await form.getByRole('button', { name: auth.signUp.submit }).click();
      await expect(form.getByText(auth.signUp.errors.termsRequired)).toBeVisible();
      await form.getByRole('button', { name: auth.signUp.readTerms }).click();
      const reading = page.getByRole('dialog', { name: terms.document.title });
      await expect(reading).toContainText(terms.document.risk1);
      await fitsThePhone(page);
      await page.screenshot({ path: `${shots}/sign-up-terms-${language}.png` });
      await page.keyboard.press('Escape');
      await form.getByLabel(auth.signUp.acceptTerms).check();
      await fitsThePhone(page);
      await page.screenshot({ path: `${shots}/sign-up-${language}.png`, fullPage: true });
      await form.getByRole('button', { name: auth.signUp.submit }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const recorded = await (await page.request.get('/api/terms')).json();
      expect(recorded).toMatchObject({ version: '2026-11-01', acceptedVersion: '2026-11-01' });

      // Money to withdraw: a receipt the operator confirms, and a payout address.
      const origin = { Origin: baseURL };
      const upload = await page.request.post('/api/upload-receipt', {
        headers: origin,
        multipart: {
          email: investor.email,
          amount: '100',
          coin: 'bitcoin',
          receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      // The admin works from a context of their own: an admin sign-in would replace the investor's session cookie.
      const operator = await browser.newContext({ baseURL });
      const login = await operator.request.post('/api/admin/login', { data: admin });
      const adminHeaders = { Authorization: `Bearer ${(await login.json()).token}` };
      const confirmed = await operator.request.post(`/api/admin/confirm-receipt/${(await upload.json()).deposit.id}`, {
        headers: adminHeaders,
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      await operator.close();
      const saved = await page.request.put('/api/update-profile', {
        headers: origin,
        data: { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    // The operator publishes version 2026-12-01 and restarts.
    await stopServer(server);
    await waitUntilDown(port, investors[0]!.page);
    server = startServer(port, dataDir, databaseUrl, '2026-12-01');
    await waitUntilUp(port, investors[0]!.page);

    for (const { language, page } of investors) {
      const funds = read<typeof enFunds>(language, 'funds');
      const terms = read<typeof enTerms>(language, 'terms');
      // Signed in with an older acceptance: asked at once; 'Not now' lets them look around.
      await page.goto('/withdraw-page');
      const asked = page.getByRole('dialog', { name: terms.dialog.title });
      await expect(asked).toContainText(terms.dialog.intro.replace('{{version}}', '2026-12-01'));
      await asked.getByRole('button', { name: terms.dialog.later }).click();
      await expect(asked).toBeHidden();

      // The withdrawal is held by the server (409) until the new version is accepted in the dialog, then sent again.
      await page.getByLabel(funds.withdraw.amountLabel).fill('10');
      await page.getByLabel(funds.withdraw.methodLabel).selectOption('Bitcoin');
      await page.getByRole('button', { name: funds.withdraw.submit }).click();
      await page.getByRole('button', { name: funds.withdraw.review.confirm }).click();
      await expect(asked).toContainText(terms.document.risk1);
      await expect(asked).toContainText(terms.document.notice);
      await fitsThePhone(page);
      await page.screenshot({ path: `${shots}/new-version-${language}.png` });
      expect((await (await page.request.get('/api/withdrawals')).json()).withdrawals).toHaveLength(0);
      await asked.getByRole('button', { name: terms.dialog.acceptButton }).click();
      await expect(asked).toBeHidden();
      await expect
        .poll(async () => (await (await page.request.get('/api/withdrawals')).json()).withdrawals.length)
        .toBe(1);
      const after = await (await page.request.get('/api/terms/acceptances')).json();
      expect(after.acceptances.map((row: { version: string; context: string }) => [row.version, row.context])).toEqual([
        ['2026-12-01', 're_accept'],
        ['2026-11-01', 'sign_up'],
      ]);
      await page.screenshot({ path: `${shots}/withdrawn-${language}.png`, fullPage: true });

      // The profile's Terms section: the version accepted, every acceptance, and the text of the one signed up to.
      await page.goto('/user-profile?tab=security');
      const section = page.getByRole('region', { name: terms.profile.title });
      await expect(section).toContainText(terms.profile.context.sign_up);
      await expect(section).toContainText(terms.profile.context.re_accept);
      await section.getByRole('button', { name: terms.profile.showText.replace('{{version}}', '2026-11-01') }).click();
      await expect(section).toContainText(terms.document.risk4);
      await fitsThePhone(page);
      await section.screenshot({ path: `${shots}/profile-terms-${language}.png` });
    }
  } finally {
    for (const { page } of investors) await page.context().close();
    await stopServer(server);
    if (databaseUrl)
      await onDatabaseServer(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
