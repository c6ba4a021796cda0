import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, useLanguage } from './console-guard';
import { confirmDeposit, signUpInvestor, uploadReceipt } from './investor-setup';
import { reactIsRunning, scrollThroughPage } from './visitor';

// The phone the product is built for first; the API, database and built PWA are real.
test.use({ viewport: { width: 390, height: 844 } });

/** True when the element is drawn inside the 390 px screen, not cut off or scrolled away sideways. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll(
    (elements) =>
      elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
      }).length,
  );

test('/asset shows a confirmed deposit as available money', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page);
  await uploadReceipt(page, email, 150, 'bitcoin');
  await confirmDeposit(request, email);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Investor menu' }).getByRole('link', { name: 'My Assets' }).click();
  await expect(page).toHaveURL(/\/asset$/);
  await expect(page.getByRole('heading', { name: 'My Assets', level: 1 })).toBeVisible();
  await expect(
    page.locator('.assets-holdings__card', { hasText: 'Available balance' }).locator('dd').first(),
  ).toHaveText('$150.00');
  await expect(page.locator('.assets-holdings__card--total dd').first()).toHaveText('$150.00');
  await expect(page.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/trading-plans');
  expect(errors).toEqual([]);
});

test('the dashboard shows a pending deposit under the cards, linking to its history tab', async ({ page }) => {
  const email = await signUpInvestor(page);
  await uploadReceipt(page, email, 100, 'bitcoin');
  await page.goto('/dashboard');
  // The six cards keep their meaning: nothing is received until an admin confirms it.
  await expect(page.locator('.dashboard-summary dd')).toHaveText([
    '$0.00',
    '$0.00',
    '$0.00',
    '$0.00',
    '$0.00',
    '$0.00',
  ]);
  const pending = page.getByRole('region', { name: 'Money in progress (1)' });
  const item = pending.getByRole('link');
  await expect(item).toContainText('$100.00');
  await expect(item).toContainText('Deposit in Bitcoin');
  await expect(item).toContainText('Awaiting review');
  await item.click();
  await expect(page).toHaveURL(/\/transaction\?tab=deposit$/);
  await expect(page.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
});

test('history searched by coin finds the deposit, its amount on screen', async ({ page }) => {
  const email = await signUpInvestor(page);
  await uploadReceipt(page, email, 100, 'bitcoin');
  await uploadReceipt(page, email, 250, 'ethereum');
  await page.goto('/transaction');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search by type, coin or status' }).fill('Bitcoin');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const row = page.locator('tbody tr');
  await expect(row).toContainText('Deposit · Bitcoin');
  await expect(row).toContainText('Pending');
  await expect(row.getByText('$100.00')).toBeVisible();
  expect(await onScreen(page, 'tbody td')).toBe(await page.locator('tbody td').count());
});

test('a missing payout address is said once, and its link lands on the Withdrawer Details tab', async ({ page }) => {
  await signUpInvestor(page);
  await page.goto('/withdraw-page');
  await page.getByLabel('Amount (USD)').fill('60');
  await page.getByLabel('Payment method').selectOption('Ethereum');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('No Ethereum payout address is set yet.');
  await page.getByRole('link', { name: 'Add it in Withdrawer Details' }).click();
  await expect(page).toHaveURL(/\/user-profile\?tab=withdrawer$/);
  await expect(page.getByRole('tab', { name: 'Withdrawer Details' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Withdrawer Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Ethereum address')).toBeVisible();
});

test('the Arabic home page shows ticker items on screen all through the scroll cycle', async ({ page }) => {
  await useLanguage(page, 'ar');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.ticker__item').first()).toBeAttached();
  // The CSS animation is stepped to points of its cycle (no waiting): before the fix the track slid off the
  // left edge of the right-to-left page within seconds and the band stayed empty for the rest of the cycle.
  const inBandThroughCycle = await page.locator('.ticker__track').evaluate((track) => {
    const [animation] = track.getAnimations();
    if (!animation) return ['no animation'];
    animation.pause();
    const duration = Number(animation.effect!.getComputedTiming().duration);
    return [0, 0.1, 0.25, 0.5, 0.75, 0.95].map((fraction) => {
      animation.currentTime = duration * fraction;
      return [...track.querySelectorAll('.ticker__item')].filter((item) => {
        const box = item.getBoundingClientRect();
        return box.right > 40 && box.left < window.innerWidth - 40;
      }).length;
    });
  });
  expect(inBandThroughCycle).toHaveLength(6);
  for (const visible of inBandThroughCycle) expect(visible).toBeGreaterThan(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`the pinned header is one compact bar, anchors clear it, and the market notice is said once (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.goto('/');
    await reactIsRunning(page);
    // The e2e server cannot reach the market API: the converter and the treemap both get the bundled sample.
    await scrollThroughPage(page);
    await expect(page.locator('.treemap__tile').first()).toBeVisible();
    await expect(page.locator('.converter__rate')).toBeVisible();
    await expect(page.locator('.data-freshness.notice')).toHaveCount(1);
    const header = page.locator('header.site-header');
    await expect(header).toContainText(language === 'en' ? 'Northwind Mining Co. (demo)' : /Northwind/);
    await page.locator('#treemap-title').evaluate((heading) => heading.scrollIntoView());
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThanOrEqual(64);
    expect(headerBox.y).toBe(0);
    expect((await page.locator('#treemap-title').boundingBox())!.y).toBeGreaterThanOrEqual(headerBox.height);
  });
}

test('amounts in Arabic text are isolated, so they read in their own order', async ({ page }) => {
  await useLanguage(page, 'ar');
  await page.goto('/');
  await page.locator('#plans-title').scrollIntoViewIfNeeded();
  // U+2066 … U+2069 around each amount: "US$" and its digits stay one left-to-right run inside the sentence.
  await expect(page.locator('.converter__result')).toContainText(/\u2066[^\u2069]*US\$\u2069/u);
  await expect(page.locator('.converter__rate')).toContainText(/\u2066[^\u2069]*US\$\u2069/u);
});
