import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// Each 30 s step is accepted once: enrolment spends the current step, so the sign-in or withdrawal after it uses
// the next step's code (the server accepts ±1 step of drift), as a phone a little ahead would show.
const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
export const currentCode = (secret: string) => totp(secret).generate();
export const nextCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });

/** Turns two-factor on in the security panel (the investor's Password/Security tab or /admin/security); returns the secret. */
export async function enrolInSecurityPanel(page: Page) {
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.security-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Two-factor code').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor authentication is on. Recovery codes left: 10.')).toBeVisible();
  // The session list marks the browser in use.
  await expect(page.getByRole('listitem').getByText('This device')).toBeVisible();
  return secret;
}
