/** Debian's Chromium as the browser tests and the page-speed benchmarks start it (`npx playwright install` cannot
 * download browsers here); quiet, so no background fetch of its own lands in a measurement. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
