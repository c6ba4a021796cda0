import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { asServed, holdAppStart, layoutShiftTotal, recordLayoutShifts } from './served-screen-steps';
import { visitorShowsUp } from './visitor';

// The landing's first screen comes as HTML (pwa/served-screens/landing.html) so it paints before any script; React
// replaces it with the same screen when the visitor shows up. These checks keep the two in step.
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

const heroTitle = 'Crypto mining plans with a clear expected return';

/** What a visitor sees of the first screen: the header's texts and the hero's title, with where the title sits. */
async function firstScreen(page: Page) {
  const title = page.getByRole('heading', { level: 1, name: heroTitle });
  await expect(title).toBeVisible();
  return {
    header: (await page.locator('header.site-header').innerText()).replace(/\s+/g, ' ').trim(),
    firstSlide: (await page.locator('.carousel__slide').first().innerText()).replace(/\s+/g, ' ').trim(),
    titleBox: await title.boundingBox(),
  };
}

test('the hero and header are in the served HTML, before any script runs', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  const served = await firstScreen(page);
  expect(served.header).toContain('Open menu');
  expect(served.firstSlide).toContain('Put your crypto to work in mining plans');
  expect(served.firstSlide).toContain('Register');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});

test('React paints the same first screen in the same place, without a layout shift', async ({ page, browser }) => {
  const errors = collectPageErrors(page);
  const served = await asServed(browser, '/', firstScreen);

  // Slides rotate every 2 s; with reduced motion they stay on the first, so a busy machine cannot race the check.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordLayoutShifts(page);
  await page.goto('/');
  await visitorShowsUp(page);
  // The footer is React's alone: once it is there, React has replaced the served screen.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('[data-landing-shell]')).toHaveCount(0);
  expect(await firstScreen(page)).toEqual(served);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.05);
  expect(errors).toEqual([]);
});

test('a visitor who reads another language gets the plain shell, then the page in their language', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr' },
  });
  const page = await context.newPage();
  const served = await page.request.get('/', { headers: { accept: 'text/html', 'accept-language': 'fr-FR,fr' } });
  expect(await served.text()).not.toContain(heroTitle);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heroTitle);
  await context.close();
});

test('a language picked on the served page before React is there is the one React shows, and is remembered', async ({
  page,
}) => {
  // The app's start chunk is held; the entry runs and offers every language once the visitor shows up.
  const releaseApp = await holdAppStart(page);
  await page.goto('/');
  const servedMenu = page.locator('[data-landing-shell]').getByLabel('Language');
  // Served, the menu lists English only: the 20 other names are laid out once someone is there to pick one.
  await expect(servedMenu.locator('option')).toHaveCount(1);
  await visitorShowsUp(page);
  await expect(servedMenu.locator('option')).toHaveCount(21);
  await servedMenu.selectOption('ar');
  releaseApp();
  await expect(page.locator('[data-landing-shell]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heroTitle);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('React waits for the visitor: until they show up, the served screen stays and only the entry has run', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The app's chunks arrived (prefetched) but did not run: the served screen is still there, and no footer.
  await expect(page.locator('[data-landing-shell]')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.locator('.treemap__tile')).toHaveCount(0);

  await visitorShowsUp(page);
  await expect(page.locator('[data-landing-shell]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: /Purchase Now/ })).toHaveCount(4);
  expect(errors).toEqual([]);
});

test('a tap on the served menu button before React is there opens the menu once React is', async ({ page }) => {
  // The app's start chunk is held until the tap is made, so the tap meets the served button, not React's.
  const releaseApp = await holdAppStart(page);
  await page.goto('/');
  const served = page.locator('[data-landing-shell] .site-header__toggle');
  await served.click();
  await expect(served).toHaveAttribute('aria-expanded', 'false');
  releaseApp();
  await expect(page.locator('[data-landing-shell]')).toHaveCount(0);
  await expect(page.locator('.site-header__toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About Us' }),
  ).toBeVisible();
});
