import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { signUpInvestor } from './investor-setup';
import { reactIsRunning } from './visitor';

// The public pages are rendered at build time from their components, in every language (pwa/build/
// route-shells-plugin.ts); the server sends each visitor's language, and React hydrates the page once it has painted.
test.use({ viewport: { width: 390, height: 844 } });

const texts = (language: string, namespace: string) =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as Record<string, Record<string, string>>;
const pages = [
  { path: '/', title: (language: string) => texts(language, 'home').hero!.title! },
  { path: '/sign-in', title: (language: string) => texts(language, 'auth').signIn!.title! },
  { path: '/sign-up', title: (language: string) => texts(language, 'auth').signUp!.title! },
  { path: '/about-us', title: (language: string) => texts(language, 'about').title as unknown as string },
  { path: '/services', title: (language: string) => texts(language, 'services').title as unknown as string },
  { path: '/portfolio', title: (language: string) => texts(language, 'portfolio').title as unknown as string },
  { path: '/contact', title: (language: string) => texts(language, 'contact').title as unknown as string },
];

/** A page as the server sends it to a browser in `language`, with no script allowed to run. */
async function asSent(browser: Browser, path: string, language: string, read: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ locale: language, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(path);
    await read(page);
  } finally {
    await context.close();
  }
}

/** Holds the app's start chunk (React, the router, the texts) until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

for (const language of ['en', 'ar', 'fr']) {
  test(`every public page is whole in the HTML sent to a browser in ${language}`, async ({ browser }) => {
    for (const { path, title } of pages) {
      await asSent(browser, path, language, async (page) => {
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title(language));
        // Below the first screen too: the footer is in the HTML, with its links.
        await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeAttached();
        await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      });
    }
  });
}

test('the landing hydrates in place: the same elements, no layout shift, no other language, no error', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.context().addCookies([{ name: 'language', value: 'fr', url: test.info().project.use.baseURL! }]);
  const release = await holdApp(page);
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(texts('fr', 'home').hero!.title!);
  // A mark on the served elements: hydration keeps the elements, where a new render would replace them.
  await heading.evaluate((element) => element.setAttribute('data-served', ''));
  await page.locator('.site-header__toggle').evaluate((element) => element.setAttribute('data-served', ''));
  release();
  await reactIsRunning(page);
  await page.waitForLoadState('networkidle');
  // React took over without moving anything.
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  await page.locator('.site-header__toggle').click();
  await expect(page.locator('.site-header__toggle[data-served]')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('h1[data-served]')).toHaveText(texts('fr', 'home').hero!.title!);
  // The sections below hydrate once scrolled to; the page stays French and whole throughout.
  await page.locator('#plans-title').scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: texts('fr', 'home').plans!.purchase! }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the server follows ?lang=, then the language cookie, then Accept-Language, and names every language', async ({
  request,
}) => {
  const htmlIn = async (path: string, headers: Record<string, string>) => {
    const response = await request.get(path, { headers: { accept: 'text/html', ...headers } });
    return { html: await response.text(), headers: response.headers() };
  };
  expect((await htmlIn('/', { 'accept-language': 'de-DE,de;q=0.9' })).html).toContain('<html lang="de" dir="ltr"');
  expect((await htmlIn('/', { 'accept-language': 'de', cookie: 'language=ur' })).html).toContain(
    '<html lang="ur" dir="rtl"',
  );
  const addressed = await htmlIn('/about-us?lang=ja', { 'accept-language': 'de', cookie: 'language=ur' });
  expect(addressed.html).toContain('<html lang="ja"');
  expect(addressed.headers['content-language']).toBe('ja');
  const alternates = addressed.headers.link!.split(', ');
  expect(alternates).toHaveLength(22);
  expect(alternates).toContain(
    `<${test.info().project.use.baseURL}/about-us?lang=zh-CN>; rel="alternate"; hreflang="zh-CN"`,
  );
  expect(alternates).toContain(`<${test.info().project.use.baseURL}/about-us>; rel="alternate"; hreflang="x-default"`);
});

test('a visitor who types and presses Sign In before React has hydrated is signed in once it has', async ({ page }) => {
  const email = await signUpInvestor(page);
  await page.context().clearCookies();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  const release = await holdApp(page);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('journey-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Nothing was sent: no password in an address, no form posted to a page.
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(requests.filter((request) => request.startsWith('POST') || request.includes('journey-password'))).toEqual([]);

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
});

test('the sign-in form sent before any script runs sends nothing', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret-password-1');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('secret-password-1');
});

test('a visitor typing when React hydrates goes on typing in the same field, caret and all', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/sign-in');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await email.pressSequentially('ada@example.com');
  await password.pressSequentially('journey-pasword-1');
  // The caret goes back to fix a typo while React hydrates.
  for (let step = 0; step < 'word-1'.length; step += 1) await password.press('ArrowLeft');
  release();
  await reactIsRunning(page);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.keyboard.type('s');
  await expect(password).toHaveValue('journey-password-1');
  await expect(password).toBeFocused();
  await expect(email).toHaveValue('ada@example.com');
  // React holds the adopted e-mail: an empty field left behind would be warned about.
  await email.focus();
  await password.focus();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a language picked before React has hydrated is the one the page shows once it has', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/');
  await page.getByLabel('Language').selectOption('ar');
  release();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('ar', 'home').hero!.title!);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

/** Holds the chunk of a part the page hydrates when scrolled to, until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test('what is typed in a part before React has hydrated it is kept once it has', async ({ page }) => {
  const errors = collectPageErrors(page);
  const releaseSections = await holdChunk(page, 'landing-sections');
  await page.goto('/');
  await reactIsRunning(page);
  // The converter is in the HTML, but its code is held: React has not hydrated it.
  const amount = page.getByLabel('Amount in Bitcoin (BTC)');
  await amount.fill('2');
  releaseSections();
  await expect(page.locator('.converter__result')).toHaveText(/^2 BTC = /);
  await expect(amount).toHaveValue('2');
  expect(errors).toEqual([]);
});

test('an e-mail typed in the footer before its form has hydrated is kept when the footer changes meanwhile', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const releaseForm = await holdChunk(page, 'newsletter-form');
  await page.goto('/');
  await reactIsRunning(page);
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  // The footer has hydrated and re-rendered with the operator's contact, while its form's code is still held.
  await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
  const email = footer.getByLabel('E-mail address');
  await email.fill('early@example.com');
  releaseForm();
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(email).toHaveValue('early@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText('Thank you! You are subscribed.');
  expect(errors).toEqual([]);
});

test('the hero keeps its height as its slides turn, in languages with long and short texts', async ({ page }) => {
  // No rotation of its own meanwhile: the tap alone turns the slide.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const language of ['fr', 'de', 'ar', 'en']) {
    await page.context().addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
    await page.goto('/');
    await reactIsRunning(page);
    const controls = page.locator('.carousel__controls');
    const next = page.getByRole('button', { name: texts(language, 'home').hero!.next! });
    const before = await controls.boundingBox();
    await next.click();
    await expect(page.locator('.carousel__indicator[aria-current="true"]')).toHaveAttribute(
      'aria-label',
      texts(language, 'home').hero!.goTo!.replace('{{number}}', '2'),
    );
    expect(await controls.boundingBox(), `controls moved in ${language}`).toEqual(before);
  }
});

test('a tap on a button before React has hydrated it does what the button does once React has', async ({ page }) => {
  const errors = collectPageErrors(page);
  // No rotation of its own meanwhile: the tap alone turns the slide.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const release = await holdApp(page);
  await page.goto('/');
  const current = page.locator('.carousel__indicator[aria-current="true"]');
  await expect(current).toHaveAttribute('aria-label', 'Show slide 1');
  await page.getByRole('button', { name: 'Next slide' }).click();
  release();
  await reactIsRunning(page);
  await expect(current).toHaveAttribute('aria-label', 'Show slide 2');
  await expect(page.getByRole('heading', { name: texts('en', 'home').hero!.slide2Title! })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the landing hydrates its first screen at load and each section below only as it comes near', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await reactIsRunning(page);
  // The ticker on the first screen shows its prices.
  await expect(page.getByRole('region', { name: 'Crypto prices' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The treemap far below is in the HTML, but neither its code nor its tiles are fetched or drawn yet, and the browser
  // leaves its layout until it comes near.
  await expect(page.locator('#treemap-title')).toBeAttached();
  expect(
    await page
      .locator('section[aria-labelledby="treemap-title"]')
      .evaluate((section) => getComputedStyle(section).contentVisibility),
  ).toBe('auto');
  const treemapCode = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/crypto-treemap-[^/]+\.js$/.test(entry.name)),
    );
  expect(await treemapCode()).toEqual([]);
  await expect(page.locator('.treemap__tile')).toHaveCount(0);
  await page.locator('#treemap-title').scrollIntoViewIfNeeded();
  await expect(page.locator('.treemap__tile')).toHaveCount(100);
  expect(errors).toEqual([]);
});

test('a page as sent fetches none of the stylesheets it carries inline', async ({ page }) => {
  for (const path of ['/', '/sign-in']) {
    await page.goto(path);
    await reactIsRunning(page);
    await page.waitForLoadState('networkidle');
    const inlined = await page
      .locator('style[data-inlined]')
      .evaluateAll((styles) => styles.map((style) => `/${style.getAttribute('data-inlined')}`));
    expect(inlined.length, path).toBeGreaterThan(0);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(
      fetched.filter((file) => inlined.includes(file)),
      path,
    ).toEqual([]);
  }
});
