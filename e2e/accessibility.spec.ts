import { expect, test } from '@playwright/test';
import { auditAsSent, auditRoutes, openRendered, seriousViolations } from './accessibility-steps';
import { useLanguage } from './console-guard';
import { adminRoutes } from './routes';
import { confirmDeposit, requestWithdrawal, signInNewAdmin, signUpInvestor, uploadReceipt } from './investor-setup';

// The phone the product is built for first (and the width Lighthouse's audit uses): the layouts' narrow forms. The
// public and investor pages as React draws them are audited on the walk that also checks they fit the phone
// (phone-walk.spec.ts), which opens each page once for both.
test.use({ viewport: { width: 390, height: 844 } });

test('axe finds nothing serious on the public pages as sent, before any script, in English and Arabic', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  for (const language of ['en', 'ar']) {
    await useLanguage(page, language);
    for (const route of ['/', '/sign-in', '/sign-up', '/about-us', '/services', '/portfolio', '/contact'])
      found.push(...(await auditAsSent(page, route)));
  }
  expect(found).toEqual([]);
});

for (const language of ['en', 'ar'] as const) {
  test.describe(`axe finds nothing serious in ${language}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language));

    test('on every admin page, with receipts, withdrawals and messages to review', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const investor = await (await browser.newContext({ baseURL, serviceWorkers: 'block' })).newPage();
      const email = await signUpInvestor(investor, 'Ada');
      await uploadReceipt(investor, email, 150, 'bitcoin');
      await confirmDeposit(request, email);
      await uploadReceipt(investor, email, 1000, 'ethereum');
      await requestWithdrawal(investor, 60);
      const message = await request.post('/api/submit-form', {
        data: { fullName: 'Ada Lovelace', email, subject: 'Investment', message: 'Which plan suits me?' },
      });
      expect(message.status(), await message.text()).toBeLessThan(300);
      await investor.context().close();

      await signInNewAdmin(page, request);
      const found = await auditRoutes(page, adminRoutes, language);
      await openRendered(page, '/users', language);
      found.push(...(await seriousViolations(page, `/users [${language}]`)));
      const userLink = page.locator('main a[href^="/admin/users/"]').first();
      const userPage = (await userLink.getAttribute('href'))!;
      found.push(...(await auditRoutes(page, [userPage], language)));
      expect(found).toEqual([]);
    });
  });
}
