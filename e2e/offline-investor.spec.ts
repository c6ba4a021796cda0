import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { reactIsRunning } from './visitor';

// Signed-in investors on a dead connection: reading from the last synced copy, profile edits and receipts
// kept on the device and sent once, and nothing personal left behind at sign-out.
test.use({ serviceWorkers: 'allow' });
// The first visit installs the worker and precaches the app: slow while other suites run beside it.
test.setTimeout(150_000);

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4P5MBAAQzAZncH4SNAAAAAElFTkSuQmCC',
  'base64',
);

async function signUp(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signup = await page.request.post('/api/signup', {
    data: {
      firstName: 'Olive',
      lastName: 'Offline',
      email,
      phoneNumber: '+12025550143',
      country: 'US',
      password: 'journey-password-1',
      // The terms version operator.config.json names (issue 37): sign-up records its acceptance.
      acceptedTermsVersion: '2026-11-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  return email;
}

async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 90_000 })
    .toBe(true);
}

/** Every record in the site's IndexedDB, by table. */
const indexedDbRecords = (page: Page) =>
  page.evaluate(
    async () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('mining-plans-pwa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const names = [...database.objectStoreNames];
          const counts: Record<string, number> = {};
          if (names.length === 0) resolve(counts);
          const transaction = database.transaction(names);
          for (const name of names) {
            const count = transaction.objectStore(name).count();
            count.onsuccess = () => {
              counts[name] = count.result;
              if (Object.keys(counts).length === names.length) resolve(counts);
            };
          }
        };
      }),
  );

const depositCount = async (context: BrowserContext) =>
  ((await (await context.request.get('/api/deposits')).json()) as { deposits: unknown[] }).deposits.length;

test('signed in, the home page, plans, a plan and the dashboard open offline from the last synced copy', async ({
  page,
  context,
}) => {
  // Seven page loads, the first one installing the worker: minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  await signUp(page, 'reader');
  await page.goto('/');
  await reactIsRunning(page);
  await page.locator('#plans-title').scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: /Purchase Now/ }).nth(3)).toBeVisible({ timeout: 60_000 });
  await controlledByServiceWorker(page);
  await page.goto('/trading-plans');
  await expect(page.getByRole('heading', { name: 'Ultra' })).toBeVisible();
  await page.goto('/tradingplan-details/2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ultra plan');
  await page.goto('/dashboard');
  await expect(page.getByText('Account Balance')).toBeVisible();

  // The server is out of reach: no answer from the network at all.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crypto mining plans with a clear expected return');
  await expect(page.getByRole('link', { name: /Purchase Now/ }).nth(3)).toBeVisible();
  // The public pages show the connection status too, once the browser reports it offline.
  await expect(page.getByText('Offline: showing what this device saved')).toBeVisible();

  await page.goto('/trading-plans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trading Plans');
  await expect(page.getByRole('heading', { name: 'Ultra' })).toBeVisible();
  await expect(page.getByText(/^Saved copy, as of /)).toBeVisible();

  await page.goto('/tradingplan-details/2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ultra plan');
  await expect(page.getByText('10% expected')).toBeVisible();
  await expect(page.getByText(/^Saved copy, as of /)).toBeVisible();

  // A plan never opened: the plans list loaded online kept its details too.
  await page.goto('/tradingplan-details/3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promo Plan plan');
  await expect(page.getByText('9% expected')).toBeVisible();
  await expect(page.getByText(/^Saved copy, as of /)).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
  await expect(page.getByText('Account Balance')).toBeVisible();
  await expect(page.getByText(/You are offline\. These figures were loaded at/)).toBeVisible();
  await expect(page.getByText('Offline: showing what this device saved')).toBeVisible();

  // No authenticated API answer is ever kept in the service worker's caches.
  const cachedApiUrls = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        if (new URL(request.url).pathname.startsWith('/api/')) urls.push(request.url);
    }
    return urls;
  });
  expect(cachedApiUrls).toEqual([]);
});

test('a profile edit made offline survives a reload offline and is saved once when back online', async ({
  page,
  context,
}) => {
  await signUp(page, 'profile');
  await page.goto('/user-profile?tab=withdrawer');
  await expect(page.getByLabel('Bank name')).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.getByLabel('Bank name').fill('Harbour Offline Bank');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Saved on this device. Your change will be sent when the connection returns.'),
  ).toBeVisible();
  await expect(page.getByText(/^A change saved at .* is waiting to be sent\.$/)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Bank name')).toHaveValue('Harbour Offline Bank');
  await expect(page.getByText(/^A change saved at .* is waiting to be sent\.$/)).toBeVisible();
  expect((await indexedDbRecords(page)).outbox).toBe(1);

  // The top bar's outbox link counts it and opens the outbox page, which lists it, still offline.
  await page.getByRole('link', { name: 'Outbox: 1 item not sent yet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Profile change: Withdrawer Details' })).toContainText(
    /is waiting to be sent/,
  );

  await context.setOffline(false);
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await expect.poll(() => indexedDbRecords(page).then((records) => records.outbox)).toBe(0);
  const { user } = (await (await context.request.get('/api/user')).json()) as { user: { bankName: string } };
  expect(user.bankName).toBe('Harbour Offline Bank');
});

async function queueReceiptOffline(page: Page, context: BrowserContext, email: string) {
  await page.goto('/bitcoindeposit1?amount=150&coin=bitcoin');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page
    .getByLabel(/Receipt \(PDF/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng });
  await page.getByRole('button', { name: 'Upload Receipt' }).click();
  await expect(
    page.getByText(/Saved on this device\. Your receipt will be sent when the connection returns/),
  ).toBeVisible();
}

test('a receipt queued offline survives a reload offline and reaches the server once', async ({ page, context }) => {
  const email = await signUp(page, 'reload');
  await queueReceiptOffline(page, context, email);
  await page.reload();
  const queue = page.getByRole('region', { name: 'Receipts saved on this device' });
  await expect(queue.getByText('Waiting to upload')).toBeVisible();

  await context.setOffline(false);
  await expect(queue).toHaveCount(0);
  expect(await depositCount(context)).toBe(1);
  expect((await indexedDbRecords(page)).outbox).toBe(0);
});

test('the page and the service worker replaying at once send one receipt', async ({ page, context }) => {
  const email = await signUp(page, 'both');
  await queueReceiptOffline(page, context, email);
  const origin = new URL(page.url()).origin;
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration: { scopeURL: string }) =>
        registration.scopeURL.startsWith(`${origin}/`),
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await devtools.send('ServiceWorker.enable');
  const id = await registrationId;

  // Back online: the page's 'online' replay and the worker's sync event start together.
  await context.setOffline(false);
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: id,
    tag: 'receipt-outbox',
    lastChance: false,
  });
  await expect(page.getByRole('region', { name: 'Receipts saved on this device' })).toHaveCount(0);
  await expect.poll(() => indexedDbRecords(page).then((records) => records.outbox)).toBe(0);
  expect(await depositCount(context)).toBe(1);
});

test('sign-out leaves no personal record in IndexedDB', async ({ page, context }) => {
  const email = await signUp(page, 'leaver');
  await page.goto('/dashboard');
  await expect(page.getByText('Account Balance')).toBeVisible();
  await page.goto('/user-profile');
  await expect(page.getByLabel('First name')).toHaveValue('Olive');
  await queueReceiptOffline(page, context, email);
  const before = await indexedDbRecords(page);
  expect(before.outbox).toBe(1);
  expect(before.personal).toBeGreaterThanOrEqual(2);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Delete and sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const after = await indexedDbRecords(page);
  const personal = Object.entries(after).filter(
    ([table, count]) => !['translations', 'publicData'].includes(table) && count > 0,
  );
  expect(personal).toEqual([]);
});

test.describe('without a service worker', () => {
  // page.route sees every request of a page that no worker controls.
  test.use({ serviceWorkers: 'block' });

  test('an answer lost after the server stored the receipt: the replay gets it back, one receipt', async ({
    page,
    context,
  }) => {
    const email = await signUp(page, 'lost');
    await page.goto('/bitcoindeposit1?amount=150&coin=bitcoin');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    let attempts = 0;
    await page.route('**/api/upload-receipt', async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      // The server handles the first upload; its answer never reaches the page.
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset');
    });
    await page
      .getByLabel(/Receipt \(PDF/)
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    await expect(page.getByText('Receipt uploaded successfully')).toBeVisible();
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(await depositCount(context)).toBe(1);
  });
});
