import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTest = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: { ...apiTest, name: 'api', include: ['api/**/*.test.ts'], globalSetup: ['api/test/global-setup.ts'] },
      },
      {
        // The same API tests, smoke-run on embedded PGlite (one connection, so serialised).
        test: {
          ...apiTest,
          // One embedded database per test app, opened and migrated in-process: slow on a busy 2-core machine.
          testTimeout: 90_000,
          name: 'api-pglite',
          include: ['api/modules/accounts/**/*.test.ts', 'api/modules/health/**/*.test.ts'],
          globalSetup: ['api/test/global-setup-pglite.ts'],
        },
      },
      {
        plugins: [react()],
        // Component tests see the name a build would carry (pwa/build/operator-site-name.ts), fixed for stable texts.
        define: { __OPERATOR_SITE_NAME__: JSON.stringify('Built-in Mining (demo)') },
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}', 'locales/**/*.test.ts'],
          setupFiles: ['pwa/src/test/setup.ts'],
        },
      },
    ],
  },
});
