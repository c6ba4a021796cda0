import { test, type Page } from '@playwright/test';

// Playwright's own notice when it blocks service workers is not a page error.
const ignored = [/Service Worker registration blocked by Playwright/];

/** Collects console errors and uncaught exceptions of a page, for an "and nothing went wrong" check. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || ignored.some((pattern) => pattern.test(message.text()))) return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  return errors;
}

/**
 * Starts the page in a language, as a returning visitor who chose it: the choice lives in the `language` cookie,
 * which the server reads to send pages in it, and in localStorage.
 */
export async function useLanguage(page: Page, language: string) {
  const { baseURL } = test.info().project.use;
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL! }]);
  await page.addInitScript((code) => localStorage.setItem('language', code), language);
}
