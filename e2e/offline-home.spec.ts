import { expect, test } from '@playwright/test';
import { reactIsRunning } from './visitor';

// The service worker and the Dexie copies are what make a returning visit work offline.
test.use({ serviceWorkers: 'allow' });

test('a returning visitor can browse plans and prices offline, labelled with the data’s age', async ({
  page,
  context,
}) => {
  // The first visit installs the worker and precaches ~400 files: ~25 s while other tests run beside it.
  test.setTimeout(120_000);
  await page.goto('/');
  await reactIsRunning(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The copies are written by the service worker: the landing itself never loads Dexie. The visitor never scrolled
  // to the plans, yet their copy is kept with the prices'.
  await expect
    .poll(() => page.evaluate(savedCopyKeys), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['market-coins', 'plans', 'operator-config']));
  const pageScripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(pageScripts.filter((url) => /\/assets\/db-[^/]+\.js$/.test(url))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crypto mining plans with a clear expected return');
  // The four seeded plans at least: the admin journey may have a plan of its own on sale meanwhile.
  await page.locator('#plans-title').scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: /Purchase Now/ }).nth(3)).toBeVisible();
  await page.locator('#treemap-title').scrollIntoViewIfNeeded();
  await expect(page.locator('.treemap__tile')).toHaveCount(100);
  await expect(page.getByText(/You are offline: showing the copy saved on this device/).first()).toBeVisible();
  await expect(page.getByText(/not guaranteed/)).toBeVisible();
});

/** The keys of the public copies saved in IndexedDB, read without Dexie (runs in the page). */
async function savedCopyKeys(): Promise<string[]> {
  // Opening a database that is not there would create it, empty, before the app's own schema.
  if (!(await indexedDB.databases()).some((database) => database.name === 'mining-plans-pwa')) return [];
  return new Promise((resolve) => {
    const opening = indexedDB.open('mining-plans-pwa');
    opening.onerror = () => resolve([]);
    opening.onsuccess = () => {
      const database = opening.result;
      if (!database.objectStoreNames.contains('publicData')) {
        database.close();
        resolve([]);
        return;
      }
      const keys = database.transaction('publicData').objectStore('publicData').getAllKeys();
      keys.onsuccess = () => {
        database.close();
        resolve(keys.result.map(String));
      };
      keys.onerror = () => resolve([]);
    };
  });
}
