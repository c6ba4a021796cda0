import { expect, test } from '@playwright/test';
import { signUpInvestor } from './investor-setup';

// Web Push in the browser: the service worker turns a push message into a notification. The message is handed to
// the worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service would deliver it;
// the API's side (encryption, VAPID, 410 clean-up) is tested against a local push service in api/modules/push.
test.use({ serviceWorkers: 'allow' });

test('a push message becomes a notification with its title, body and link; the page asks permission only on a press', async ({
  page,
  context,
  baseURL,
}) => {
  // The first visit installs the worker and precaches the app: slow while other suites run beside it.
  test.setTimeout(150_000);
  await signUpInvestor(page);
  const permissionAsked: string[] = [];
  await page.exposeFunction('recordPermissionRequest', (from: string) => permissionAsked.push(from));
  await page.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      void (window as unknown as { recordPermissionRequest(from: string): void }).recordPermissionRequest(
        location.pathname,
      );
      return original();
    };
  });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 120_000 })
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  expect(permissionAsked).toEqual([]);

  await context.grantPermissions(['notifications'], { origin: baseURL });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  // Chromium's getNotifications() drops a stored notification it does not yet see on screen, so reading it while the
  // worker is still showing it loses it for good: the test reads it once the worker's showNotification has resolved.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(() => {
    const scope = self as unknown as {
      shownCount: number;
      registration: { showNotification(...args: unknown[]): Promise<void> };
    };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shownCount = 0;
    scope.registration.showNotification = async (...args) => {
      await show(...args);
      scope.shownCount += 1;
    };
  });
  const shownCount = () => worker!.evaluate(() => (self as unknown as { shownCount: number }).shownCount);
  const shownNotifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
        title: shown.title,
        body: shown.body,
        data: shown.data as unknown,
      })),
    );
  const payload = { title: 'Withdrawal of $25.00 paid', body: '$25.00 was sent.', link: '/transaction?tab=withdrawal' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${baseURL}/`,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect.poll(shownCount).toBe(1);
  expect(await shownNotifications()).toEqual([
    { title: payload.title, body: payload.body, data: { link: payload.link } },
  ]);

  // A message from anywhere else, or with a link off the app, shows nothing.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `${baseURL}/`,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Win', body: 'Click', link: 'https://evil.example/' }),
  });
  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  expect(permissionAsked).toEqual(['/notifications']);
  // Either this Chromium has a push service (notifications turn on) or it says why not: headless Debian Chromium
  // has none and refuses with "Registration failed - permission denied".
  await expect(
    page
      .getByText('Notifications are on for this device.')
      .or(page.getByRole('alert').filter({ hasText: /^Notifications could not be turned on \(.+\)\. Try again\.$/ })),
  ).toBeVisible();
  expect(await shownCount()).toBe(1);
  expect((await shownNotifications()).map((shown) => shown.title)).toEqual([payload.title]);

  // A tap on it opens its page in the app's open window. Headless Chromium shows no notification to tap, so the
  // worker is handed the click event the browser would fire, with the notification it shows.
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<unknown[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
  });
  await expect(page).toHaveURL(`${baseURL}${payload.link}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
