import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { reactIsRunning } from './visitor';

// A first visit to the landing, as a phone makes it: everything fetched until the page is idle, with no tap and no
// scroll, counted as the browser receives it (brotli; the body's bytes, without headers).
const scriptBudget = 110 * 1024;

for (const language of ['en', 'ar', 'fr']) {
  test(`a first visit to the landing in ${language} asks for nothing its page carries and fetches at most 110 KB of scripts`, async ({
    browser,
    request,
  }) => {
    // The server holds current prices, as under any steady traffic (the first visitor after a quiet spell gets the
    // page without them, and the ticker asks for them).
    expect((await request.get('/api/market/coins')).ok()).toBe(true);
    const context = await browser.newContext({
      locale: language,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    try {
      const errors = collectPageErrors(page);
      const scripts: Array<Promise<{ path: string; bytes: number }>> = [];
      const asked: string[] = [];
      page.on('request', (sent) => {
        const { pathname } = new URL(sent.url());
        if (pathname.startsWith('/api/') || pathname.startsWith('/locales/')) asked.push(pathname);
      });
      page.on('requestfinished', (finished) => {
        if (finished.resourceType() !== 'script') return;
        const path = new URL(finished.url()).pathname;
        scripts.push(finished.sizes().then((sizes) => ({ path, bytes: sizes.responseBodySize })));
      });
      await page.goto('/');
      await reactIsRunning(page);
      // The ticker shows the prices the page came with.
      const ticker = page.getByRole('region', { name: tickerName(language) });
      await expect(ticker.getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');

      const fetched = await Promise.all(scripts);
      const total = fetched.reduce((sum, script) => sum + script.bytes, 0);
      console.log(`first load of / in ${language}: ${fetched.length} scripts, ${(total / 1024).toFixed(1)} KB as sent`);
      // Only the English fallback's texts, which i18next loads beside the page's language, come over HTTP.
      expect(asked.filter((path) => !path.startsWith('/locales/en/'))).toEqual([]);
      if (language === 'en') expect(asked).toEqual([]);
      // The query library and ky load with the sections that ask the server, not with the first screen.
      expect(
        fetched.map((script) => script.path).filter((path) => /\/(query-provider|api-client)-/.test(path)),
      ).toEqual([]);
      expect(total, fetched.map((script) => `${script.bytes} ${script.path}`).join('\n')).toBeLessThanOrEqual(
        scriptBudget,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/** The ticker's accessible name in that language. */
function tickerName(language: string): string {
  return (JSON.parse(readFileSync(`locales/${language}/home.json`, 'utf8')) as { ticker: { label: string } }).ticker
    .label;
}
