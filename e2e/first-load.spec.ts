import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { reactIsRunning } from './visitor';

// A first visit as a phone makes it: everything fetched until the network is idle (after React runs and the first
// screen shows its data), with no tap and no scroll, counted as the browser receives it (brotli here; the body's
// bytes, without headers). The gzip size of the same files is printed beside it: what a browser that takes no brotli
// would fetch.
const scriptBudget = 110 * 1024;

type Visit = {
  path: '/' | '/sign-in';
  language: string;
  /** The landing as the first visitor after a quiet spell gets it: the server held no current prices to put in it. */
  withoutServedPrices?: true;
};

const visits: Visit[] = [
  { path: '/', language: 'en' },
  { path: '/', language: 'ar' },
  { path: '/', language: 'fr' },
  { path: '/', language: 'en', withoutServedPrices: true },
  { path: '/', language: 'ar', withoutServedPrices: true },
  { path: '/sign-in', language: 'en' },
  { path: '/sign-in', language: 'ar' },
];

for (const visit of visits) {
  const { path, language, withoutServedPrices } = visit;
  test(`a first visit to ${path} in ${language}${withoutServedPrices ? ' with no prices in the page' : ''} fetches at most 110 KB of scripts until the network is idle`, async ({
    browser,
    request,
  }) => {
    // The server holds current prices, as under any steady traffic.
    expect((await request.get('/api/market/coins')).ok()).toBe(true);
    const context = await browser.newContext({
      locale: language,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    try {
      const errors = collectPageErrors(page);
      if (withoutServedPrices) await servePagesWithoutPrices(page);
      const scripts: Array<Promise<{ url: string; bytes: number }>> = [];
      const asked: string[] = [];
      page.on('request', (sent) => {
        const { pathname } = new URL(sent.url());
        if (pathname.startsWith('/api/') || pathname.startsWith('/locales/')) asked.push(pathname);
      });
      page.on('requestfinished', (finished) => {
        if (finished.resourceType() !== 'script') return;
        scripts.push(finished.sizes().then((sizes) => ({ url: finished.url(), bytes: sizes.responseBodySize })));
      });
      await page.goto(path);
      await reactIsRunning(page);
      if (path === '/') {
        // The ticker shows the prices the page came with, or asked for.
        const ticker = page.getByRole('region', { name: tickerName(language) });
        await expect(ticker.getByRole('listitem').first()).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: signInLabel(language), exact: true })).toBeVisible();
      }
      await page.waitForLoadState('networkidle');

      const fetched = await Promise.all(scripts);
      const total = fetched.reduce((sum, script) => sum + script.bytes, 0);
      const gzip = await gzipBytes(request, fetched);
      console.log(
        `first load of ${path} in ${language}${withoutServedPrices ? ' (no prices in the page)' : ''}: ${fetched.length} scripts, ${(total / 1024).toFixed(1)} KB as sent, ${(gzip / 1024).toFixed(1)} KB gzip`,
      );
      const paths = fetched.map((script) => new URL(script.url).pathname);
      // Only the English fallback's texts, which i18next loads beside the page's language, come over HTTP; and the
      // prices when the page came without them, asked once.
      const expectedAsks = withoutServedPrices ? ['/api/market/coins'] : [];
      expect(asked.filter((asking) => !asking.startsWith('/locales/en/'))).toEqual(expectedAsks);
      if (language === 'en') expect(asked).toEqual(expectedAsks);
      // The query library loads with the sections that ask the server, ky when a form is sent: neither with a first
      // screen, nor the service worker's registration library.
      expect(paths.filter((file) => /\/(query-provider|useQuery|api-client|workbox-window)[.-]/.test(file))).toEqual(
        [],
      );
      expect(total, fetched.map((script) => `${script.bytes} ${script.url}`).join('\n')).toBeLessThanOrEqual(
        scriptBudget,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/** Serves the landing as the server does when it holds no current prices: the page carries none of its own. */
async function servePagesWithoutPrices(page: Page) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const served = /(<script type="application\/json" id="served-answers">)([^<]*)(<\/script>)/;
      const [, open, json, close] = served.exec(html) ?? [];
      if (!json) throw new Error('the landing carries no served answers');
      const answers = JSON.parse(json) as Record<string, unknown>;
      expect(answers['market-coins']).toBeDefined();
      delete answers['market-coins'];
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({
        response,
        headers,
        body: html.replace(served, () => `${open}${JSON.stringify(answers).replaceAll('<', '\\u003c')}${close}`),
      });
    },
  );
}

/** What the same scripts weigh gzipped, as the server sends them to a browser that takes no brotli. */
async function gzipBytes(request: APIRequestContext, scripts: Array<{ url: string }>) {
  const sizes = await Promise.all(
    scripts.map(async ({ url }) => {
      const response = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
      const headers = response.headers();
      return headers['content-encoding'] === 'gzip'
        ? Number(headers['content-length'])
        : (await response.body()).length;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

const texts = (language: string, file: string) =>
  JSON.parse(readFileSync(`locales/${language}/${file}.json`, 'utf8')) as Record<string, Record<string, string>>;

/** The ticker's accessible name in that language. */
function tickerName(language: string): string {
  return texts(language, 'home').ticker!.label!;
}

/** Sign-in's submit button in that language. */
function signInLabel(language: string): string {
  return texts(language, 'auth').signIn!.submit!;
}
