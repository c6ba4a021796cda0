import { expect, test, type Page } from '@playwright/test';
import { useLanguage } from './console-guard';
import { signUpInvestor } from './investor-setup';

const screen = { width: 390, height: 844 };
test.use({ viewport: screen });

const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * The fullest receipt flow: a real Bitcoin address (so a QR code) and a live market (so the coin amount). The e2e
 * server has placeholder addresses (in GET /api/config, and in the page when it carries its answers) and no market
 * but the sample.
 */
async function withAddressAndMarket(page: Page) {
  for (const url of [/\/bitcoindeposit1\?/, '**/api/config'])
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('PLACEHOLDER-bitcoin-address', bitcoinAddress);
      await route.fulfill({ response, body });
    });
  await page.route('**/api/market/coins', async (route) => {
    const answer = (await (await route.fetch()).json()) as object;
    await route.fulfill({ json: { ...answer, live: true, source: 'live', asOf: new Date().toISOString() } });
  });
}

/** How far the document reaches sideways, and what scrolls sideways inside it. */
const sideways = (page: Page) =>
  page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    scrollers: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (element) =>
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => element.className),
  }));

for (const language of ['en', 'ar'] as const) {
  test(`on a 390 px phone in ${language}, the receipt upload is within two screens of the coin to send`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await withAddressAndMarket(page);
    await signUpInvestor(page);
    await page.goto('/bitcoindeposit1?amount=100&coin=bitcoin');

    const pay = page.locator('.pay-with-coin');
    await expect(pay.locator('img.qr-code')).toBeVisible();
    await expect(pay.getByText(/≈ \S*0\.00\d+ BTC/)).toBeVisible();
    await expect(pay.getByText(bitcoinAddress)).toBeVisible();
    // Everything above the form has drawn: the plan for the amount, the e-mail in the form.
    await expect(page.locator('.deposit-summary input[type="checkbox"]')).toBeVisible();
    await expect(page.locator('.receipt-form input[type="email"]')).not.toHaveValue('');

    const formTop = await page
      .locator('form.receipt-form')
      .evaluate((form) => form.getBoundingClientRect().top + window.scrollY);
    expect(formTop).toBeLessThanOrEqual(2 * screen.height);
    expect(await sideways(page)).toEqual({ width: screen.width, scrollers: [] });

    // The other nine coins, opened, fit too.
    await pay.locator('details.other-coins > summary').click();
    await expect(pay.locator('details.other-coins li')).toHaveCount(9);
    expect(await sideways(page)).toEqual({ width: screen.width, scrollers: [] });
  });
}
