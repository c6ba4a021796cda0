import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { reactIsRunning } from './visitor';

// Lighthouse's Best Practices counts every console error, a failed request's "401" included.
const pages = [
  { path: '/', lands: '/' },
  { path: '/sign-in', lands: '/sign-in' },
  { path: '/sign-up', lands: '/sign-up' },
  { path: '/trading-plans', lands: '/sign-in' },
  { path: '/dashboard', lands: '/sign-in' },
];

for (const { path, lands } of pages) {
  test(`an anonymous visit to ${path} logs no console error`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(path);
    await reactIsRunning(page);
    await expect(page).toHaveURL(new RegExp(`${lands}$`));
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
