import { expect, test } from '@playwright/test';
import { collectPageErrors } from './console-guard';
import { confirmDeposit, signUpInvestor, uploadReceipt } from './investor-setup';
import { capturedMailTo } from './mail-capture';

// A French reader: the browser's language makes the app French, and the app asks the API in it (<html lang>).
test.use({ locale: 'fr-FR' });

test('a French investor’s confirmed deposit lights the bell and is mailed in French, the amount as French money', async ({
  page,
  request,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  const email = await signUpInvestor(page, 'Amélie');
  // Signed in again through the app's French sign-in page: that request sets the language of their mail.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // The sign-in form, not the footer's newsletter field of the same name.
  const form = page.getByRole('region', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill('journey-password-1');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  await uploadReceipt(page, email, 1200, 'bitcoin');
  await confirmDeposit(request, email);

  // Whatever the spaces and symbol the runtime's French uses (`1 200,00 $US`): the server formats with the same ICU.
  const amount = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(1200);
  const title = `Dépôt de ${amount} crédité`;
  const pageLink = `${baseURL}/transaction?tab=deposit`;

  // The bell counts it once the page asks again.
  await page.reload();
  const bell = page.getByRole('link', { name: 'Notifications non lues : 1' });
  await expect(bell).toHaveText('1');

  // The delivery worker mails it within its 5 s round, through the SMTP server playwright.config.ts started.
  await expect
    .poll(async () => (await capturedMailTo(email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain(title);
  const mail = (await capturedMailTo(email)).find((candidate) => candidate.subject === title)!;
  expect(mail.text).toContain(
    `Votre dépôt de ${amount} en Bitcoin est confirmé et figure dans votre solde disponible.`,
  );
  // French puts a no-break space before a colon (locales/fr/notifications.json).
  expect(mail.text).toContain(`Voir les détails dans votre compte\u00a0: ${pageLink}`);
  expect(mail.text).not.toContain('$1,200.00');
  expect(mail.html).toContain(`href="${pageLink}"`);
  expect(mail.html).toContain(`Votre dépôt de ${amount}`);

  // /notifications lists it unread; opening it goes to the deposits and the bell goes quiet.
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const items = page.locator('.notifications-item');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole('link')).toContainText(`Non lue : ${title}`);
  await expect(items.first().getByRole('link')).toContainText(`Votre dépôt de ${amount} en Bitcoin`);
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/transaction\?tab=deposit$/);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
