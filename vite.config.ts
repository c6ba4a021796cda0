/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { localesPlugin } from './pwa/build/locales-plugin.ts';
import { operatorSiteName } from './pwa/build/operator-site-name.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: resolve(import.meta.dirname, 'pwa'),
  publicDir: resolve(import.meta.dirname, 'public'),
  build: { outDir: resolve(import.meta.dirname, 'dist/pwa'), emptyOutDir: true },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
  define: { __OPERATOR_SITE_NAME__: JSON.stringify(operatorSiteName(import.meta.dirname)) },
  plugins: [
    react(),
    localesPlugin(resolve(import.meta.dirname, 'locales')),
    VitePWA({
      // Our own service worker (pwa/src/sw.ts): the precache as before plus Background Sync of the receipt outbox.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
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
      },
      // skipWaiting, clientsClaim and the navigation fallback (never for /api/) live in sw.ts.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,json}'],
      },
    }),
  ],
});
