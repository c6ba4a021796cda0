/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type LogLevel } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appStartPreloadPlugin } from './pwa/build/app-start-preload-plugin.ts';
import { inlineEntryCssPlugin } from './pwa/build/inline-entry-css-plugin.ts';
import { localesPlugin } from './pwa/build/locales-plugin.ts';
import { operatorContact, operatorSiteName } from './pwa/build/operator-site-name.ts';
import { precompressPlugin } from './pwa/build/precompress-plugin.ts';
import { routeShellsPlugin } from './pwa/build/route-shells-plugin.ts';

const apiPort = process.env.API_PORT ?? '3001';
const siteName = operatorSiteName(import.meta.dirname);
const contact = operatorContact(import.meta.dirname);

// Built into the bundle, and into the server build that renders the public pages at build time (route-shells-plugin.ts).
const define = { __OPERATOR_SITE_NAME__: JSON.stringify(siteName), __OPERATOR_CONTACT__: JSON.stringify(contact) };

let serviceWorkerLogLevel: LogLevel = 'info';

export default defineConfig({
  root: resolve(import.meta.dirname, 'pwa'),
  publicDir: resolve(import.meta.dirname, 'public'),
  // No modulepreload polyfill (0.6 KB gzipped on the landing's first load): every browser the app supports but
  // Safari before 17 preloads natively, and there the chunks still load, only without the head start.
  build: {
    outDir: resolve(import.meta.dirname, 'dist/pwa'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // The entry lists every lazy chunk's file name, hash included, and gzip cannot shrink a hash: 7 characters
    // (the fewest Rolldown allows for this many chunks) instead of 8 keep ~0.1 KB off the landing's first load.
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  resolve: {
    alias: [
      // React Router's package sends every bundler its development build (no "production" condition in its exports):
      // its production build is the same code without the dev-only warnings (0.5 KB less gzipped on every first load).
      {
        find: /^react-router$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
      },
      {
        find: /^react-router\/dom$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
      },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: resolve(import.meta.dirname, 'pwa/src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
  define,
  plugins: [
    react(),
    localesPlugin(resolve(import.meta.dirname, 'locales')),
    inlineEntryCssPlugin(),
    appStartPreloadPlugin(),
    routeShellsPlugin(define),
    VitePWA({
      // Our own service worker (pwa/src/sw.ts): the precache as before plus Background Sync of the receipt outbox.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // A new version waits until the person reloads (pwa/src/components/ui/update-prompt.tsx).
      registerType: 'prompt',
      // The service worker's own build speaks no louder than the app's (npm start asks for warnings only).
      integration: {
        configureOptions: (config) => void (serviceWorkerLogLevel = config.logLevel ?? 'info'),
        configureCustomSWViteBuild: (config) => void (config.logLevel = serviceWorkerLogLevel),
      },
      injectRegister: false,
      manifest: {
        name: 'Mining plans',
        short_name: 'Mining',
        description: 'Crypto mining plans with an expected return, market prices and a Bitcoin converter.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b3f41',
        theme_color: '#0f3d3e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          // The artwork keeps to the central safe zone, so the same image serves as a maskable icon.
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        id: '/',
        lang: 'en',
        categories: ['finance'],
        // Real screens of the app for the richer install dialog (phone and desktop).
        screenshots: [
          {
            src: '/screenshots/plans-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Mining plans and market prices on a phone',
          },
          {
            src: '/screenshots/plans-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Mining plans and market prices on a desktop',
          },
        ],
      },
      // clientsClaim, SKIP_WAITING on request and the navigation fallback (never for /api/) live in sw.ts.
      // The shell, every page's chunk, images, and English texts (the fallback language). Other languages are kept
      // in Dexie for 7 days once used (lib/i18n/translation-cache-backend.ts), so the first install fetches ~150 files,
      // not every language's ~400. shells/ (each page's HTML) are only ever sent by the server, for a first visit; the
      // screenshots only serve the install dialog.
      injectManifest: {
        // A classic script worker, built in one piece (the default ES format asks Rolldown for a deprecated option).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}', 'locales/en/*.json'],
        globIgnores: ['shells/**', 'screenshots/**'],
      },
    }),
    precompressPlugin(),
  ],
});
