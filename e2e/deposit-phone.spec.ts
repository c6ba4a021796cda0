import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { signUpInvestor } from './investor-setup';

const screen = { width: 390, height: 844 };
test.use({ viewport: screen });

const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * The fullest receipt flow: a real Bitcoin address (so a QR code) and a live market (so the coin amount); with
 * `chain`, Bitcoin's chain followed too (so the automatic address first), as operator.config.json's `chains` key
 * makes it. The e2e server has placeholder addresses and no chain (in GET /api/config, and in the page when it
 * carries its answers) and no market but the sample.
 */
async function withAddressAndMarket(page: Page, { chain = false } = {}) {
  for (const url of [/\/(bitcoindeposit1|crytodeposit)\?/, '**/api/config'])
    await page.route(url, async (route) => {
      const response = await route.fetch();
      let body = (await response.text()).replace('PLACEHOLDER-bitcoin-address', bitcoinAddress);
      if (chain) body = body.replace(/"onChainCoins":\[\]/g, '"onChainCoins":["bitcoin"]');
      await route.fulfill({ response, body });
    });
  await page.route('**/api/market/coins', async (route) => {
    const answer = (await (await route.fetch()).json()) as object;
    await route.fulfill({ json: { ...answer, live: true, source: 'live', asOf: new Date().toISOString() } });
  });
}

/** Where the upload form starts, from the top of the page. */
const formTop = (page: Page) =>
  page.locator('form.receipt-form').evaluate((form) => form.getBoundingClientRect().top + window.scrollY);

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

    expect(await formTop(page)).toBeLessThanOrEqual(2 * screen.height);
    expect(await sideways(page)).toEqual({ width: screen.width, scrollers: [] });

    // The other nine coins, opened, fit too.
    await pay.locator('details.other-coins > summary').click();
    await expect(pay.locator('details.other-coins li')).toHaveCount(9);
    expect(await sideways(page)).toEqual({ width: screen.width, scrollers: [] });
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`on a 390 px phone in ${language}, with the coin's chain followed, the automatic address comes first and the receipt upload is one tap and within two screens away`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await withAddressAndMarket(page, { chain: true });
    await signUpInvestor(page);
    for (const route of ['/bitcoindeposit1?amount=100&coin=bitcoin', '/crytodeposit?price=100&planName=Sonic']) {
      await page.goto(route);
      const ways = page.locator('.pay-ways .accordion__trigger');
      await expect(ways).toHaveCount(2);
      const [chain, receipt] = [ways.nth(0), ways.nth(1)];
      // The automatic address is offered open, first; the receipt flow waits behind its heading.
      await expect(chain).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('.on-chain-offer button')).toBeVisible();
      await expect(page.locator('form.receipt-form')).toBeHidden();
      await expect(page.locator('.receipt-form input[type="email"]')).not.toHaveValue('');
      if (route.startsWith('/bitcoindeposit1'))
        await expect(page.locator('.deposit-summary input[type="checkbox"]')).toBeVisible();

      await receipt.click();
      await expect(chain).toHaveAttribute('aria-expanded', 'false');
      const pay = page.locator('.pay-with-coin');
      await expect(pay.locator('img.qr-code')).toBeVisible();
      await expect(pay.getByText(/≈ \S*0\.00\d+ BTC/)).toBeVisible();
      await expect(page.locator('form.receipt-form')).toBeVisible();
      expect(await formTop(page)).toBeLessThanOrEqual(2 * screen.height);
      expect(await sideways(page)).toEqual({ width: screen.width, scrollers: [] });
      // The accordion of the two ways (headings holding their buttons, each panel a region) reads well too.
      expect(await seriousViolations(page, `${route} [${language}]`)).toEqual([]);
    }
  });
}
