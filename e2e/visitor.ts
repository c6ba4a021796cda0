import { expect, type Page } from '@playwright/test';

/**
 * Public pages arrive rendered and React hydrates them once they have painted (pwa/src/main.tsx): tests of what
 * React does on them wait until it runs (`data-react` on <html>, set by pwa/src/app/app.tsx).
 */
export async function reactIsRunning(page: Page) {
  await expect(page.locator('html[data-react]')).toBeAttached();
}

/**
 * Scrolls a reader's way through the page, top to bottom, so that every part React hydrates only when it comes near
 * the screen (HydrateWhenVisible) hydrates and draws its data; then back to the top.
 */
export async function scrollThroughPage(page: Page) {
  const names = await page
    .locator('[data-hydrate-when-visible]')
    .evaluateAll((parts) => parts.map((part) => part.getAttribute('data-hydrate-when-visible')!));
  for (const name of names)
    await page.evaluate(async (name) => {
      document
        .querySelector(`[data-hydrate-when-visible="${name}"]`)
        ?.firstElementChild?.scrollIntoView({ block: 'center' });
      // Two frames: the browser notes what is near the screen now before the next part is brought to it.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, name);
  await page.evaluate(() => window.scrollTo(0, 0));
}
