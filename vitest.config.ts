import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTest = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        // The project's own rules, checked as a newcomer would break them (the import boundaries).
        test: { name: 'rules', environment: 'node', include: ['*.test.ts'], testTimeout: 60_000 },
      },
      {
        // Build-output checks (the first-load byte budget): each builds the PWA into a temporary folder.
        test: { name: 'build', environment: 'node', include: ['pwa/build/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        test: {
          ...apiTest,
          name: 'api',
          // bench/: the load generator's own test runs a server and seeds on the test PostgreSQL, as the API's do.
          include: ['api/**/*.test.ts', 'bench/**/*.test.ts'],
          // It opens its own embedded database, as `npm start` does: the embedded-soak project runs it. The cluster
          // test starts its own PostgreSQL, PgBouncer, HAProxy and replicas: the cluster project runs it.
          exclude: ['api/modules/health/embedded-stays-responsive.test.ts', 'api/scripts/cluster.test.ts'],
          globalSetup: ['api/test/global-setup.ts'],
        },
      },
      {
        // The same API tests, smoke-run on embedded PGlite (one connection, so serialised).
        test: {
          ...apiTest,
          // One embedded database per test app, opened and migrated in-process: slow on a busy 2-core machine.
          testTimeout: 90_000,
          name: 'api-pglite',
          include: ['api/modules/identity/accounts/**/*.test.ts', 'api/modules/health/**/*.test.ts'],
          exclude: ['api/modules/health/embedded-stays-responsive.test.ts'],
          globalSetup: ['api/test/global-setup-pglite.ts'],
        },
      },
      // npm start on PGlite through receipt, confirm and digest, its answers timed: run on its own after the rest
      // (`npm test` does), so no other suite shares the two cores while it measures.
      ...(process.env.EMBEDDED_SOAK === '1'
        ? [
            {
              test: {
                ...apiTest,
                name: 'embedded-soak',
                include: ['api/modules/health/embedded-stays-responsive.test.ts'],
                globalSetup: ['api/test/global-setup-pglite.ts'],
              },
            },
          ]
        : []),
      // npm run cluster's topology under load, a replica killed and a primary failover (issue 36): run on its own
      // after the rest (`npm test` does), since it starts a dozen processes on the machine's cores.
      ...(process.env.CLUSTER_TEST === '1'
        ? [{ test: { ...apiTest, name: 'cluster', include: ['api/scripts/cluster.test.ts'] } }]
        : []),
      {
        plugins: [react()],
        // Component tests see the name a build would carry (pwa/build/operator-site-name.ts), fixed for stable texts.
        define: {
          __OPERATOR_SITE_NAME__: JSON.stringify('Built-in Mining (demo)'),
          __OPERATOR_CONTACT__: JSON.stringify({ supportEmail: '', supportPhone: '' }),
        },
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}', 'locales/**/*.test.ts'],
          exclude: ['pwa/build/**'],
          setupFiles: ['pwa/src/test/setup.ts'],
          // Component tests with several screens of typing and paging take ~3 s alone, more beside the API projects.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
