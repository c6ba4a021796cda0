import { expect, test, type APIRequestContext } from '@playwright/test';
import { reactIsRunning } from './visitor';

// Installable: the manifest the build writes and the files it names, and a new version that waits for Reload.
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian). */
async function pngSize(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toContain('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('latin1'), url).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

type ManifestImage = { src: string; sizes: string; type: string; purpose?: string; form_factor?: string };

test('the manifest names the app, its start, colours, icons and screenshots, and every image is served at its size', async ({
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: ManifestImage[];
    screenshots: ManifestImage[];
  };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Mining plans',
    short_name: 'Mining',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const iconSizes = manifest.icons.map((icon) => icon.sizes);
  expect(iconSizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.sizes])).toEqual(
    expect.arrayContaining([
      ['narrow', '390x844'],
      ['wide', '1280x800'],
    ]),
  );
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    expect(await pngSize(request, image.src), image.src).toBe(image.sizes);
  }
});

test('a new version waits until Reload posts SKIP_WAITING, then takes over and the page reloads into it', async ({
  page,
}) => {
  // The first visit installs the worker and precaches the app: slow while other suites run beside it.
  test.setTimeout(150_000);
  await page.goto('/');
  await reactIsRunning(page);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 120_000 })
    .toBe(true);

  // The next version: registering the worker under another script URL makes the browser install it beside the
  // running one, as a new build's sw.js would be (the server ignores the query).
  const firstScript = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration())!;
    const script = registration.active!.scriptURL;
    await navigator.serviceWorker.register('/sw.js?next-version', { scope: '/' });
    return script;
  });
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state), {
      timeout: 60_000,
    })
    .toBe('installed');

  // It waits: the old worker still controls the page, and the page offers the update instead of swapping.
  await expect(page.getByText('Update available.')).toBeVisible();
  expect(
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return {
        waiting: registration.waiting?.state,
        active: registration.active?.scriptURL,
        controller: navigator.serviceWorker.controller?.scriptURL,
      };
    }),
  ).toEqual({ waiting: 'installed', active: firstScript, controller: firstScript });

  // Reload posts SKIP_WAITING: the new worker activates, takes control, and the page reloads into it. State is
  // polled rather than an event awaited, so a reload at any moment cannot make the test miss it.
  // The reloaded page registers /sw.js again, which for this test's worker URL is a newer script: within
  // milliseconds it is installing and then waiting. So the check is that the next version no longer waits, not
  // that nothing does (that raced the re-install and failed under load), and the banner may rightly come back.
  await page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
              reloaded: !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate,
              controller: navigator.serviceWorker.controller?.scriptURL,
              active: registration?.active?.scriptURL,
              nextVersionWaits: registration?.waiting?.scriptURL.endsWith('?next-version') ?? false,
            };
          })
          .catch(() => 'navigating'),
      { timeout: 60_000 },
    )
    .toEqual({
      reloaded: true,
      controller: expect.stringMatching(/\/sw\.js\?next-version$/),
      active: expect.stringMatching(/\/sw\.js\?next-version$/),
      nextVersionWaits: false,
    });
  expect(firstScript).toMatch(/\/sw\.js$/);
});
