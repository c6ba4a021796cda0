import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { mailCaptureDir, smtpCapturePort } from './e2e/mail-capture';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database per run (ignored when DATABASE_URL points at a real server).
const dataDir = process.env.E2E_DATA_DIR ?? `./data/e2e-${Date.now().toString(36)}`;
process.env.E2E_DATA_DIR = dataDir;
const smtpPort = smtpCapturePort(port);
// The e2e server's operator config: the repository's, with limits per identity level (issue 37) that the journeys'
// deposits fit under (at most $1,200 each investor) and e2e/held-money.spec.ts goes over.
const operatorConfig = `${dataDir}/operator.config.json`;
mkdirSync(dataDir, { recursive: true });
writeFileSync(
  operatorConfig,
  JSON.stringify({
    ...JSON.parse(readFileSync('./operator.config.json', 'utf8')),
    kycLimits: { level0: { deposit: 2_000, withdrawal: 1_000 }, level1: { deposit: 50_000, withdrawal: 25_000 } },
  }),
);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  // Generous limits: the 2-core machines also run other suites; a passing test returns at once.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // A failed test keeps its trace (each action's page snapshot, console, network) and its screenshot, without the
    // film strip: its screencast frames were encoded all through every test, passed or not (a quarter more of
    // Chromium's CPU time over a run of page loads).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // Started in this order, each once the one before is ready: the app's mail worker sends to a server that listens.
  webServer: [
    {
      name: 'SMTP capture',
      command: 'npx tsx e2e/smtp-capture-server.ts',
      env: { SMTP_CAPTURE_PORT: String(smtpPort), SMTP_CAPTURE_DIR: mailCaptureDir(dataDir) },
      // A readiness line rather than `port`, which would also make the SMTP port Playwright's default baseURL.
      wait: { stdout: /SMTP capture listening/ },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'App',
      command: 'npx tsx api/scripts/start.ts',
      url: `${baseURL}/api/health`,
      // The admin of the e2e server (test values only), for journeys that confirm deposits.
      env: {
        RATE_LIMITS: 'off',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        ADMIN_EMAIL: 'e2e-admin@example.com',
        ADMIN_PASSWORD: 'e2e-admin-password',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OPERATOR_CONFIG: operatorConfig,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
