import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, useLanguage } from './console-guard';
import { confirmDeposit, uploadReceipt } from './investor-setup';
import { reactIsRunning } from './visitor';

// The e2e server's admin (playwright.config.ts webServer env).
const admin = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

test.use({ viewport: { width: 1280, height: 900 } });

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard-overview$/);
}

const planHeadings = (page: Page) => page.locator('.plan-card__name');

test('the operator runs the plan catalogue from the admin desk, and no change of terms reaches an investor unseen', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const name = `Harvest ${Date.now().toString(36)}`;
  await signInAsAdmin(page);

  // Plans, from the side menu: the seeded plans with their state.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sonic/ })).toContainText('On sale');

  // A new plan, with a French name; the form refuses a maximum below the minimum before sending anything.
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByLabel('Name (English)').fill(name);
  await page.getByLabel('ROI (%)').fill('12');
  await page.getByLabel('Duration (hours)').fill('36');
  await page.getByLabel('Minimum deposit ($)').fill('200');
  await page.getByLabel('Maximum deposit ($)').fill('100');
  await page.getByLabel('Preset amounts ($)').fill('200, 500, 1000');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Enter a maximum no lower than the minimum, or leave it empty.')).toBeVisible();
  await page.getByLabel('Maximum deposit ($)').fill('2000');
  await page.getByLabel('Short description (English)').fill('A seasonal plan for the harvest months.');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByLabel('Name in Français').fill('Moisson');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} is on sale.`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('On sale');
  const plans = (await (await page.request.get('/api/admin/plans')).json()).plans as { id: number; name: string }[];
  const planId = plans.find((plan) => plan.name === name)!.id;

  // The visitor's landing lists it; a French investor sees its French name on Trading Plans.
  const visitor = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const landing = await visitor.newPage();
  await landing.goto('/');
  await reactIsRunning(landing);
  await landing.locator('#plans-title').scrollIntoViewIfNeeded();
  await expect(planHeadings(landing).filter({ hasText: name })).toHaveCount(1);

  const investor = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const investorEmail = `plans-journey-${Date.now().toString(36)}@example.com`;
  const signup = await investor.request.post('/api/signup', {
    data: {
      firstName: 'Paule',
      lastName: 'Anne',
      email: investorEmail,
      phoneNumber: '+33155550143',
      country: 'France',
      password: 'journey-password-1',
      // The terms version operator.config.json names (issue 37): sign-up records its acceptance.
      acceptedTermsVersion: '2026-11-01',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const french = await investor.newPage();
  await useLanguage(french, 'fr');
  await french.goto('/trading-plans');
  await expect(french.locator('.plan-card__name', { hasText: 'Moisson' })).toBeVisible();
  await expect(french.getByText('A seasonal plan for the harvest months.')).toBeVisible();
  await french.close();

  // The investor opens the plan at 12 %; the admin raises the ROI meanwhile.
  const buyer = await investor.newPage();
  // The same browser as the French page above: back to English for the rest.
  await useLanguage(buyer, 'en');
  // $600 on the balance, to pay for the plan from it.
  await uploadReceipt(buyer, investorEmail, 600);
  await confirmDeposit(request, investorEmail);
  await buyer.goto(`/tradingplan-details/${planId}`);
  await buyer.getByRole('button', { name: '$500' }).click();
  await expect(buyer.getByTestId('expected-return')).toHaveText('$560.00');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await page.getByLabel('ROI (%)').fill('15');
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} is saved. New purchases get the new terms.`);
  await expect(row).toContainText('15 %');

  // Paying from the page loaded before the edit: refused, with the new terms shown before asking again.
  const confirmPurchase = buyer
    .getByRole('region', { name: 'Review your purchase' })
    .getByRole('button', { name: 'Confirm purchase' });
  await buyer.getByRole('button', { name: 'Pay from my balance' }).click();
  await confirmPurchase.click();
  await expect(buyer.getByRole('alert')).toContainText('The terms of this plan changed since you opened it.');
  await expect(buyer.getByTestId('expected-return')).toHaveText('$575.00');
  // Reviewed again on the new terms and confirmed: the dashboard opens on the new plan, said bought.
  await buyer.getByRole('button', { name: 'Pay from my balance' }).click();
  const review = buyer.getByRole('region', { name: 'Review your purchase' });
  await expect(review).toContainText('$575.00');
  await expect(review).toContainText('$100.00');
  await confirmPurchase.click();
  await expect(buyer).toHaveURL(/\/dashboard$/);
  await expect(buyer.getByRole('status').filter({ hasText: 'You bought' })).toContainText(
    `You bought the ${name} plan for $500.00.`,
  );
  await expect(buyer.getByRole('heading', { level: 3 }).first()).toHaveText(`${name}Just bought`);

  // Retired: it leaves the landing, and its link says it is no longer offered.
  await row.getByRole('button', { name: `Retire ${name}` }).click();
  await expect(page.getByRole('status')).toContainText(`${name} is retired`);
  await expect(row).toContainText('Retired');
  await landing.reload();
  await reactIsRunning(landing);
  await expect(planHeadings(landing).first()).toBeVisible();
  await expect(planHeadings(landing).filter({ hasText: name })).toHaveCount(0);
  await buyer.goto(`/tradingplan-details/${planId}`);
  await expect(buyer.getByRole('alert')).toContainText('This plan is no longer offered.');

  await page.screenshot({ path: 'test-results/admin-plans-1280.png', fullPage: true });
  await row.getByRole('button', { name: `Put ${name} back on sale` }).click();
  await expect(row).toContainText('On sale');
  await visitor.close();
  await investor.close();
  expect(errors).toEqual([]);
});
