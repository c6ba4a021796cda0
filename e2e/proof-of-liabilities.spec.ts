import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, useLanguage } from './console-guard';
import { confirmDeposit, signUpInvestor, takeLiabilitySnapshot, uploadReceipt } from './investor-setup';

test.use({ viewport: { width: 390, height: 844 } });

/** Keeps a full-page screenshot as a CI artifact (Playwright's outputDir, test-results/). */
async function keepScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** Saves what a click downloads, under the test's output folder. */
async function download(page: Page, click: () => Promise<void>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = test.info().outputPath(name);
  await file.saveAs(path);
  return path;
}

test('an investor verifies their balance in the browser and with the standalone verifier downloaded from the site', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page);
  await uploadReceipt(page, email, 150);
  await confirmDeposit(request, email);
  const snapshot = await takeLiabilitySnapshot(request);

  await page.goto('/asset');
  await page.getByRole('button', { name: 'Verify my balance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is included' })).toHaveText(
    /^Your \$150\.00 is included in the published total of \$[\d,]+\.\d\d \(snapshot of .+\)\.$/,
  );
  const proof = await download(
    page,
    () => page.getByRole('button', { name: 'Download my proof' }).click(),
    'proof.json',
  );
  await keepScreenshot(page, 'asset-verified-390px-en.png');

  await page.goto('/proof-of-liabilities');
  await expect(page.getByText(snapshot.root).first()).toBeVisible();
  const verifier = await download(
    page,
    () => page.getByRole('button', { name: 'Download the verifier' }).click(),
    'verify-liability-proof.mjs',
  );
  // The root published for the snapshot the proof is of: other tests may take snapshots meanwhile.
  const { snapshotId } = JSON.parse(readFileSync(proof, 'utf8')) as { snapshotId: string | number };
  const { snapshots } = (await (await request.get('/api/proof-of-liabilities')).json()) as {
    snapshots: Array<{ id: string | number; root: string }>;
  };
  const published = snapshots.find((published) => String(published.id) === String(snapshotId))!.root;
  const { stdout } = await promisify(execFile)(process.execPath, [verifier, proof, '--root', published]);
  expect(stdout).toContain('VERIFIED: $150.00 is included');
  expect(errors).toEqual([]);
});

for (const language of ['en', 'ar'] as const) {
  test(`the public page fits a 390 px phone in ${language}`, async ({ page, request }) => {
    await useLanguage(page, language);
    await takeLiabilitySnapshot(request);
    await page.goto('/proof-of-liabilities');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.liabilities__hash').first()).toHaveText(/^[0-9a-f]{64}$/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, `proof-of-liabilities-390px-${language}.png`);
  });
}
