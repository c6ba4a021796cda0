import { expect, type Page } from '@playwright/test';

/**
 * Public pages arrive rendered and React hydrates them once they have painted (pwa/src/main.tsx): tests of what
 * React does on them wait until it runs (`data-react` on <html>, set by pwa/src/app/app.tsx).
 */
export async function reactIsRunning(page: Page) {
  await expect(page.locator('html[data-react]')).toBeAttached();
}
