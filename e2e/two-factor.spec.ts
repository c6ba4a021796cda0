import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, useLanguage } from './console-guard';
import { confirmDeposit, signUpInvestor, uploadReceipt } from './investor-setup';
import { currentCode, enrolInSecurityPanel, nextCode } from './two-factor-steps';

const originHeader = () => ({ Origin: String(test.info().project.use.baseURL) });

/** Enrols through the API, as the page's own session (for journeys about what comes after enrolment). */
async function enrolByApi(page: Page) {
  const setup = await page.request.post('/api/2fa/setup', { headers: originHeader() });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/2fa/enable', {
    headers: originHeader(),
    data: { code: currentCode(secret) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return secret;
}

test('an investor enrols in two-factor from the profile page, signs out, and signs in with the code', async ({
  page,
}) => {
  // Sign-up, enrolment, sign-out and sign-in in one journey: 60 s ran out on a loaded 2-core machine.
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page, 'Tess');

  await page.goto('/user-profile?tab=security');
  const secret = await enrolInSecurityPanel(page);
  expect(errors).toEqual([]);

  await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('journey-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The password was right: the page now asks for the code and stays put.
  const codeField = page.getByLabel('Two-factor code');
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('That code is not valid. Enter the current code from your app.')).toBeVisible();
  await codeField.fill(nextCode(secret));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Profile of Tess Phone' })).toBeVisible();
});

test('with two-factor on, a withdrawal asks for the code and goes through with it', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page, 'Walt');
  await uploadReceipt(page, email, 200);
  await confirmDeposit(request, email);
  const saved = await page.request.put('/api/update-profile', {
    headers: originHeader(),
    data: { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  });
  expect(saved.status()).toBe(200);
  const secret = await enrolByApi(page);

  await page.goto('/withdraw-page');
  await page.getByLabel('Amount (USD)').fill('25');
  await page.getByLabel('Payment method').selectOption('Bitcoin');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  // The review asks for the code before anything is sent.
  const review = page.getByRole('region', { name: 'Review your withdrawal' });
  const codeField = review.getByLabel('Two-factor code');
  await expect(codeField).toBeVisible();
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(review.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await codeField.fill(nextCode(secret));
  await review.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(
    page.getByText('Your withdrawal request of $25.00 to Bitcoin is pending. An administrator will review it.'),
  ).toBeVisible();
  // Still signed in: a two-factor answer is never taken for a lost session.
  await expect(page).toHaveURL(/\/withdraw-page$/);
  expect(errors).toEqual([]);
});

test.describe('on a 390 px phone in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a waiting payout-address change can be cancelled, and new recovery codes fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await signUpInvestor(page, 'Rana');
    await useLanguage(page, 'ar');
    const put = (bitcoinAddress: string) =>
      page.request.put('/api/update-profile', { headers: originHeader(), data: { bitcoinAddress } });
    expect((await put('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).status()).toBe(200);
    expect((await put('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).status()).toBe(200);
    const secret = await enrolByApi(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);

    await page.goto('/user-profile?tab=withdrawer');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const cancel = page.getByRole('button', { name: 'إلغاء تغيير عنوان Bitcoin هذا' });
    await expect(cancel).toBeVisible();
    expect(await fits()).toBe(true);
    await cancel.click();
    await expect(page.locator('.pending-payout')).toHaveCount(0);
    const overview = await (await page.request.get('/api/payout-addresses')).json();
    expect(overview.addresses.bitcoin.pending).toBeNull();

    await page.goto('/user-profile?tab=security');
    const renew = page.locator('form', { has: page.getByRole('heading', { name: 'رموز استرداد جديدة' }) });
    await renew.getByLabel('رمز المصادقة الثنائية').fill(nextCode(secret));
    await renew.getByRole('button', { name: 'الحصول على رموز استرداد جديدة' }).click();
    await expect(page.getByRole('list', { name: 'رموز الاسترداد' }).getByRole('listitem')).toHaveCount(10);
    expect(await fits()).toBe(true);
    expect(errors).toEqual([]);
  });
});
