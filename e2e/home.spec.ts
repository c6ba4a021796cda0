import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { reactIsRunning } from './visitor';

test.describe('home page', () => {
  for (const width of [390, 1280]) {
    test(`screenshot at ${width} px`, async ({ page }, testInfo) => {
      const errors = collectPageErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await reactIsRunning(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The sections below the first screen hydrate as they come near it.
      await page.locator('#treemap-title').scrollIntoViewIfNeeded();
      await expect(page.locator('.treemap__tile')).toHaveCount(100);
      await page.locator('#plans-title').scrollIntoViewIfNeeded();
      // The four seeded plans at least: the admin journey may have a plan of its own on sale meanwhile.
      await expect(page.getByRole('link', { name: /Purchase Now/ }).nth(3)).toBeVisible();
      const path = testInfo.outputPath(`home-${width}px.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`home-${width}px`, { path, contentType: 'image/png' });
      expect(errors).toEqual([]);
    });
  }

  test('labels prices that are not live, with their date', async ({ page }) => {
    await page.goto('/');
    await reactIsRunning(page);
    // The e2e server has no internet, so the market API answers from its bundled sample.
    await page.locator('#treemap-title').scrollIntoViewIfNeeded();
    await expect(page.getByText(/Sample prices for illustration/).first()).toBeVisible();
    // …and the ticker right under the hero says so on the strip itself, not only far down the page.
    await expect(
      page.getByRole('region', { name: 'Crypto prices' }).getByText('Sample prices', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/not guaranteed/)).toBeVisible();
  });

  test('converts Bitcoin into the chosen currency', async ({ page, request }) => {
    const { price } = (await (await request.get('/api/market/price?currency=eur')).json()) as { price: number };
    await page.goto('/');
    await reactIsRunning(page);
    await page.getByLabel('Amount in Bitcoin (BTC)').fill('2');
    await page.getByLabel('Currency').selectOption('eur');
    const expected = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 2,
    }).format(price * 2);
    await expect(page.locator('.converter__result')).toHaveText(`2 BTC = ${expected}`);
  });

  test('switching to Arabic mirrors the page and is remembered', async ({ page }) => {
    await page.goto('/');
    await reactIsRunning(page);
    await page.getByLabel('Language').selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test('the footer newsletter subscribes an e-mail address', async ({ page }) => {
    await page.goto('/');
    await reactIsRunning(page);
    const footer = page.locator('footer');
    // The footer hydrates when scrolled near; its button is enabled by React once it has.
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('button', { name: 'Subscribe' })).not.toHaveAttribute('data-awaiting-react');
    await footer.getByLabel('E-mail address').fill(`reader-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thank you! You are subscribed.')).toBeVisible();
  });
});
