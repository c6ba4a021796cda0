import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './console-guard';

// A real 1×1 PNG: the server checks a receipt's type by its bytes.
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4P5MBAAQzAZncH4SNAAAAAElFTkSuQmCC',
  'base64',
);

/** Signs up through the page's own request context, so the session cookie is the browser's. */
async function signUp(page: Page, prefix: string) {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signup = await page.request.post('/api/signup', {
    data: {
      firstName: 'Olive',
      lastName: 'Outbox',
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

async function depositsOf(page: Page) {
  const answer = await page.request.get('/api/deposits');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { deposits: Array<{ amount: number; status: string }> }).deposits;
}

/** Rows in the page's outbox table (IndexedDB of the site's origin). */
const outboxCount = (page: Page) =>
  page.evaluate(
    async () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mining-plans-pwa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

async function chooseReceiptAndUpload(page: Page, email: string) {
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page
    .getByLabel(/Receipt \(PDF/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: onePixelPng });
  await page.getByRole('button', { name: 'Upload Receipt' }).click();
}

test('a receipt submitted offline waits on the device and is sent once when the connection returns', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  const email = await signUp(page, 'offline');
  await page.goto('/bitcoindeposit1?amount=150&coin=bitcoin');
  await expect(page.getByText('This amount is in the range of the Sonic plan.')).toBeVisible();

  await context.setOffline(true);
  await chooseReceiptAndUpload(page, email);
  await expect(
    page.getByText(
      'Saved on this device. Your receipt will be sent when the connection returns; you can close this page.',
    ),
  ).toBeVisible();
  const queue = page.getByRole('region', { name: 'Receipts saved on this device' });
  await expect(queue.getByText('Waiting to upload')).toBeVisible();
  await expect(queue.getByText('receipt.png')).toBeVisible();
  await expect(page.getByText('1 item is waiting to be sent.')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Receipt uploaded successfully')).toBeVisible();
  await expect(queue).toHaveCount(0);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  const deposits = await depositsOf(page);
  expect(deposits).toHaveLength(1);
  expect(deposits[0]).toMatchObject({ amount: 150, status: 'pending' });
  expect(await outboxCount(page)).toBe(0);
  expect(errors).toEqual([]);
});

test('a text file renamed .png is refused on the form and nothing is queued', async ({ page }) => {
  const email = await signUp(page, 'refused');
  await page.goto('/bitcoindeposit1?amount=150&coin=bitcoin');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // The browser takes it for a PNG by its name; the server reads its bytes.
  await page
    .getByLabel(/Receipt \(PDF/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('Not a picture, only text.\n') });
  await page.getByRole('button', { name: 'Upload Receipt' }).click();

  await expect(page.getByRole('alert')).toContainText(
    'The receipt was not accepted: The receipt must be a PDF, JPEG or PNG file',
  );
  const outboxLink = page.getByRole('link', { name: 'Outbox', exact: true });
  await expect(outboxLink).toBeVisible();
  await expect(outboxLink.locator('.investor-top-bar__badge')).toHaveCount(0);
  await expect(page.getByText(/could not be sent|waiting to be sent/)).toHaveCount(0);
  expect(await outboxCount(page)).toBe(0);
  // Sending the same bytes again would be refused again.
  await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  expect(await depositsOf(page)).toEqual([]);

  // Nothing comes back after a reload either: the outbox page is empty.
  await page.goto('/outbox');
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Outbox', exact: true }).locator('.investor-top-bar__badge')).toHaveCount(
    0,
  );
});

test('a failed connection and a server error are replayed with backoff under the same Idempotency-Key', async ({
  page,
}) => {
  const email = await signUp(page, 'flaky');
  await page.goto('/bitcoindeposit1?amount=150&coin=ethereum');
  const keys: string[] = [];
  let attempt = 0;
  await page.route('**/api/upload-receipt', async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    attempt += 1;
    // The first answer never arrives, the second is a server error; the third goes through to the real API.
    if (attempt === 1) await route.abort('connectionreset');
    else if (attempt === 2)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      });
    else await route.continue();
  });

  await chooseReceiptAndUpload(page, email);
  await expect(
    page.getByRole('region', { name: 'Receipts saved on this device' }).getByText(/Last try:/),
  ).toBeVisible();
  await expect(page.getByText('Receipt uploaded successfully')).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(await depositsOf(page)).toHaveLength(1);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  // The first visit installs the worker and precaches ~400 files: ~25 s while other tests run beside it.
  test.setTimeout(120_000);

  test('Background Sync sends a receipt saved offline after its page was closed', async ({ page, context }) => {
    const email = await signUp(page, 'background');
    await page.goto('/bitcoindeposit1?amount=150&coin=bitcoin');
    const origin = new URL(page.url()).origin;
    // The first visit installs the worker and precaches the app: slow on a busy machine, so wait for it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await chooseReceiptAndUpload(page, email);
    await expect(
      page.getByText(/Saved on this device\. Your receipt will be sent when the connection returns/),
    ).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
            sync: { getTags(): Promise<string[]> };
          };
          return registration.sync.getTags();
        }),
      )
      .toContain('receipt-outbox');
    await page.close();

    // No page of the site is open; the browser fires 'sync' in the service worker (here on DevTools' request).
    await context.setOffline(false);
    const blank = await context.newPage();
    const devtools = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration: { scopeURL: string }) =>
          registration.scopeURL.startsWith(`${origin}/`),
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: await registrationId,
      tag: 'receipt-outbox',
      lastChance: false,
    });

    await expect.poll(async () => (await (await context.request.get('/api/deposits')).json()).deposits.length).toBe(1);
    // Deleted from the device once confirmed (read on a public page, which runs no replay of its own).
    await blank.goto('/about-us');
    await expect.poll(() => outboxCount(blank)).toBe(0);
  });
});
