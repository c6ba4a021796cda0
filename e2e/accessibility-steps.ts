import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { reactIsRunning, scrollThroughPage } from './visitor';

// WCAG 2.1 A and AA, plus axe's best practices (landmarks, one main heading, unique names).
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const blocking = new Set(['serious', 'critical']);
// A visible label inside the accessible name (WCAG 2.5.3): a standard rule from axe 4.14, still marked experimental
// (off by default) in the 4.13 that @axe-core/playwright 4.13 bundles.
const alsoRun = { 'label-content-name-mismatch': { enabled: true } };
// Only the violations are read: axe still runs every rule on every element, but lists one node for the passes and the
// rules that did not apply instead of all of them, which took half of its time.
const resultTypes = ['violations' as const];

/** Opens `route` and waits until it has drawn its heading and its data: nothing left loading. */
export async function openRendered(page: Page, route: string, language: string) {
  await page.goto(route);
  // Public pages arrive rendered and React hydrates them: axe reads the page React runs.
  await reactIsRunning(page);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await page.waitForLoadState('networkidle');
  // axe reads the whole page, each part as React draws it.
  await scrollThroughPage(page);
  await expect(page.locator('.spinner')).toHaveCount(0);
}

/** Audits `route` as the server sends it, with no script run: what a crawler, or a visitor before React, reads. */
export async function auditAsSent(page: Page, route: string) {
  await page.route('**/*.js', (script) => script.abort());
  await page.goto(route);
  await expect(page.locator('main h1').first()).toBeVisible();
  return seriousViolations(page, `${route} as sent`);
}

/**
 * The serious and critical axe violations of the page as drawn now, one line each: where, which rule, how bad,
 * the elements it names and what it says is wrong with the first of them.
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself. The default runs it in parts and finishes in a blank page it opens
  // for each audit, which serves cross-origin frames (the app has none) and took twice as long, the same violations.
  const { violations } = await new AxeBuilder({ page })
    .withTags(tags)
    .options({ rules: alsoRun, resultTypes })
    .setLegacyMode()
    .analyze();
  return violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
      const summary = (violation.nodes[0]?.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 200);
      return `${label}: ${violation.id} (${violation.impact}, ${violation.nodes.length}x) at ${targets}: ${summary}`;
    });
}

/** Visits the routes one after the other in the same page and collects what axe finds on each. */
export async function auditRoutes(page: Page, routes: readonly string[], language: string) {
  const found: string[] = [];
  for (const route of routes) {
    await openRendered(page, route, language);
    found.push(...(await seriousViolations(page, `${route} [${language}]`)));
  }
  return found;
}
