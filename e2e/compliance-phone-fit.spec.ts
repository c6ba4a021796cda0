import { mkdirSync } from 'node:fs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { p2wpkh } from '@scure/btc-signer';
import { collectPageErrors, useLanguage } from './console-guard';
import {
  confirmDeposit,
  onePixelPng,
  registerInvestor,
  signInNewAdmin,
  uniqueInvestorEmail,
  uploadReceipt,
  verifyEmail,
} from './investor-setup';
import { sidewaysOverflow } from './phone-fit-steps';

// Issue 37's screens on a 390 px phone, left to right (en) and right to left (ar): the investor's /kyc, held money
// and its notice, the withdraw form's limit refusal, the profile's data export and erasure; the desk's identity checks, limits per
// level, sanctions and a user's page with a long e-mail, a held deposit and a pending identity check. Nothing may
// stick out sideways, and each amount of a limit or held message is isolated left to right, so "US$" and its digits
// keep their order in Arabic. Screenshots go to E2E_SHOTS when set (a folder outside the repository), else to the test's output.
test.use({ viewport: { width: 390, height: 844 } });

const originHeader = () => ({ Origin: String(test.info().project.use.baseURL) });

async function shoot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: folder ? `${folder}/${name}` : test.info().outputPath(name), fullPage: true });
}

/** A page opened and drawn: its heading shown, its queries answered, no spinner. */
async function openDrawn(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
}

/**
 * The amounts ("$1,000.00", "2,000.00 US$") in the text of `messages` on a right-to-left page that are not isolated
 * left to right, in an element with `dir="ltr"` or after a left-to-right isolate (U+2066). A first-strong isolate
 * (U+2068) is not enough: an Arabic amount begins with a right-to-left mark, which it follows, and "US$" comes out
 * as "$US".
 */
async function loneAmounts(messages: Locator) {
  await expect(messages.first()).toBeVisible();
  const { amounts, lone } = await messages.evaluateAll((elements) => {
    const found = { amounts: 0, lone: [] as string[] };
    // A left-to-right page needs no isolate (format.currency adds none there).
    const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const box = node.parentElement?.closest('[dir="ltr"]');
        const inLtrBox = !!box && element.contains(box) && getComputedStyle(box).direction === 'ltr';
        for (const match of text.matchAll(
          /(?:US)?\$\s?[\p{Nd},.\u066b\u066c]+|[\p{Nd},.\u066b\u066c]+\s?(?:US)?\$/gu,
        )) {
          found.amounts += 1;
          const before = text.slice(0, match.index);
          if (rtl && !inLtrBox && before.lastIndexOf('\u2066') <= before.lastIndexOf('\u2069'))
            found.lone.push(`"${match[0]}" in "${text.trim()}"`);
        }
      }
    }
    return found;
  });
  // Not vacuous: the messages name amounts.
  expect(amounts).toBeGreaterThan(0);
  return lone;
}

for (const language of ['en', 'ar'] as const) {
  test(`issue 37's screens fit 390 px and keep amounts whole (${language})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const errors = collectPageErrors(page);
    await useLanguage(page, language);
    const misfits: string[] = [];
    const lone: string[] = [];

    // An investor with a long e-mail: $2,000 credited, $100 above the level-0 deposit limit held, an identity
    // check waiting.
    const { email, userId } = await registerInvestor(page.request, {
      firstName: 'Bartholomew',
      lastName: 'Featherstonehaugh',
      email: uniqueInvestorEmail(`bartholomew.featherstonehaugh-${language}`, 'example-investments.com'),
    });
    await verifyEmail(page, email);
    await uploadReceipt(page, email, 2_000, 'bitcoin');
    await confirmDeposit(request, email);
    await uploadReceipt(page, email, 100, 'ethereum');
    await confirmDeposit(request, email);
    const image = (name: string) => ({ name, mimeType: 'image/png', buffer: onePixelPng });
    const kyc = await page.request.post('/api/kyc', {
      headers: { ...originHeader(), 'Idempotency-Key': `phone-fit-${language}-${Date.now()}` },
      multipart: {
        legalName: 'Bartholomew Featherstonehaugh-Wolfeschlegelsteinhausen',
        dateOfBirth: '1990-12-10',
        country: 'GB',
        documentType: 'passport',
        documentNumber: 'P1234567890123',
        documentFront: image('front.png'),
        documentBack: image('back.png'),
        selfie: image('selfie.png'),
      },
    });
    expect(kyc.status(), await kyc.text()).toBeLessThan(300);

    for (const route of [
      '/kyc',
      '/asset',
      '/dashboard',
      '/transaction',
      '/notifications',
      '/user-profile?tab=security',
    ]) {
      await openDrawn(page, route);
      misfits.push(...(await sidewaysOverflow(page, route)));
      await shoot(page, `investor${route.replace(/[/?=]/g, '-')}-390-${language}.png`);
    }
    await openDrawn(page, '/kyc');
    lone.push(...(await loneAmounts(page.locator('.kyc-limits'))));
    await openDrawn(page, '/asset');
    lone.push(...(await loneAmounts(page.locator('.assets-held, .assets-holdings__card dd'))));
    // The notice of the held deposit (and of the credited one).
    await openDrawn(page, '/notifications');
    lone.push(...(await loneAmounts(page.locator('.notifications-item__title'))));

    // A Bitcoin payout address of its own, which the desk's list names below (an incident to decide).
    const listed = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey())).address!;

    // A withdrawal a cent above the $1,000 limit is refused with the limit and what is used.
    const saved = await page.request.put('/api/update-profile', {
      headers: originHeader(),
      data: { bitcoinAddress: listed },
    });
    expect(saved.status()).toBe(200);
    await openDrawn(page, '/withdraw-page');
    await page.locator('.withdraw-form input[inputmode="decimal"]').fill('1000.01');
    await page.locator('.withdraw-form select').selectOption('Bitcoin');
    await page.locator('.withdraw-form button[type="submit"]').click();
    await page.locator('.review-step button').first().click();
    const refusal = page.getByRole('alert').filter({ has: page.locator('a[href="/kyc"]') });
    await expect(refusal).toBeVisible();
    misfits.push(...(await sidewaysOverflow(page, 'withdraw refusal')));
    lone.push(...(await loneAmounts(refusal)));
    await shoot(page, `investor-withdraw-refusal-390-${language}.png`);

    // The desk on the same phone.
    const admin = await browser.newContext({ baseURL, serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const desk = await admin.newPage();
    const deskErrors = collectPageErrors(desk);
    await useLanguage(desk, language);
    await signInNewAdmin(desk, request);
    const list = await desk.request.post('/api/admin/sanctions-lists', {
      headers: originHeader(),
      multipart: {
        chain: 'bitcoin',
        file: { name: 'sanctioned_XBT.txt', mimeType: 'text/plain', buffer: Buffer.from(`${listed}\n`) },
      },
    });
    expect(list.status(), await list.text()).toBe(201);
    expect((await list.json()).newIncidents).toBe(1);
    for (const route of ['/admin/identity-checks', '/admin/kyc-limits', '/admin/sanctions', `/admin/users/${userId}`]) {
      await openDrawn(desk, route);
      misfits.push(...(await sidewaysOverflow(desk, route)));
      await shoot(desk, `admin${route.replace(/[/?=]/g, '-').replace(userId, 'user')}-390-${language}.png`);
    }
    // The user page's held deposit: its amount and its Release button.
    lone.push(...(await loneAmounts(desk.locator('.admin-fund-holds'))));
    await admin.close();

    expect(misfits).toEqual([]);
    expect(lone).toEqual([]);
    expect(errors.filter((error) => !error.includes('status of 403 (Forbidden) (http://'))).toEqual([]);
    expect(deskErrors).toEqual([]);
  });
}
