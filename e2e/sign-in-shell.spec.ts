import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { signUpInvestor } from './investor-setup';
import { asServed, holdAppStart, layoutShiftTotal, recordLayoutShifts } from './served-screen-steps';
import { visitorShowsUp } from './visitor';

// Sign-in's first screen comes as HTML (pwa/served-screens/sign-in.html) so the card paints before any script;
// React takes over when the visitor shows up, with what they typed. These checks keep the two in step.
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

/** What a visitor sees of the first screen: the header's texts, the card's, and where its title sits. */
async function firstScreen(page: Page) {
  const title = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(title).toBeVisible();
  return {
    header: (await page.locator('header.site-header').innerText()).replace(/\s+/g, ' ').trim(),
    card: (await page.locator('.auth-card').innerText()).replace(/\s+/g, ' ').trim(),
    fields: await page
      .locator('.auth-card input')
      .evaluateAll((inputs) =>
        inputs.map((input) => `${(input as HTMLInputElement).type}:${input.getAttribute('autocomplete') ?? ''}`),
      ),
    titleBox: await title.boundingBox(),
  };
}

test('the sign-in card is in the served HTML, and React paints the same screen in the same place', async ({
  page,
  browser,
}) => {
  const errors = collectPageErrors(page);
  const served = await asServed(browser, '/sign-in', firstScreen);
  expect(served.card).toContain('Welcome back. Sign in to see your plans and balance.');
  expect(served.fields).toEqual(['email:email', 'password:current-password', 'checkbox:']);

  await recordLayoutShifts(page);
  await page.goto('/sign-in');
  await expect(page.locator('[data-sign-in-shell]')).toHaveCount(1);
  await visitorShowsUp(page);
  await expect(page.locator('[data-sign-in-shell]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await firstScreen(page)).toEqual(served);
  expect(await layoutShiftTotal(page)).toBeLessThan(0.05);
  expect(errors).toEqual([]);
});

test('what a visitor types and taps before React is there signs them in once it is', async ({ page }) => {
  const email = await signUpInvestor(page);
  await page.context().clearCookies();
  // The app's start chunk is held until they have typed and tapped, so all of it meets the served form.
  const releaseApp = await holdAppStart(page);
  await page.goto('/sign-in');
  const served = page.locator('[data-sign-in-shell]');
  await served.getByLabel('Email').fill(email);
  await served.getByLabel('Password', { exact: true }).fill('journey-password-1');
  await served.getByRole('button', { name: 'Sign In' }).click();
  // The served form sent nothing: the password is in no address, and the page is still sign-in.
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(served).toHaveCount(1);

  releaseApp();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account Summary' })).toBeVisible();
});

test('a visitor typing when React takes over goes on typing in the same field', async ({ page }) => {
  const releaseApp = await holdAppStart(page);
  await page.goto('/sign-in');
  await page.locator('[data-sign-in-shell]').getByLabel('Email').pressSequentially('ada@exam');
  releaseApp();
  await expect(page.locator('[data-sign-in-shell]')).toHaveCount(0);
  await page.keyboard.type('ple.com');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Email')).toBeFocused();
});
