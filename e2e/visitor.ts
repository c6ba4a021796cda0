import type { Page } from '@playwright/test';

/**
 * The landing served as HTML starts React when a person shows up (pwa/src/main.tsx): the mouse moves, as a
 * visitor's would. Tests of what React shows on `/` call it after `page.goto('/')`.
 */
export async function visitorShowsUp(page: Page) {
  await page.mouse.move(40, 40);
}
