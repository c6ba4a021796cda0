import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appStartChunk,
  chunksByFileName,
  entryChunk,
  filesLoadedBy,
  formatFirstLoad,
  measureFirstLoad,
  type FirstLoad,
} from './first-load';

// The budget for a first visit to the landing page (gzip bytes): at most 111 KB of JavaScript, 170 KB on the
// critical path. Counted: what the landing runs at once (the entry, ~3 KB) and the app it prefetches for when the
// visitor shows up (src/main.tsx). About 110 KB today: React + react-dom (65.8 KB), i18next + react-i18next (17.5 KB)
// and the router (13.5 KB) are most of it; the sections below the hero, the footer, the query cache and ky load after
// the first render. The route table the app carries names every page's chunks, so each new page or shared chunk adds
// ~30 bytes here: 1 KB of room above today's figure covers a few pages, not a new library.
const JS_BUDGET = 111 * 1024;
const CRITICAL_PATH_BUDGET = 170 * 1024;
// Libraries and areas that the landing never needs on its first render: each loads where it is used.
const notOnTheLanding = [
  '/node_modules/dexie/',
  '/node_modules/zod/',
  '/node_modules/i18n-iso-countries/',
  '/node_modules/d3-hierarchy/',
  '/pwa/src/features/admin/',
  '/pwa/src/features/investor-shell/',
  '/pwa/src/features/contact/',
  'crypto-treemap',
];

const rootDir = resolve(import.meta.dirname, '../..');
let outDir: string;
let landing: FirstLoad;
let output: Rolldown.RolldownOutput;

// A build of its own in a temporary folder: works on a clean clone and never races `npm start`'s dist/pwa.
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'first-load-'));
  // Vitest sets NODE_ENV=test, which would bundle React's development build.
  const testNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: join(rootDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = testNodeEnv;
  });
  output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  // English readers get shells/landing.served.html for / (the page's shell with the first screen in it): the
  // larger of the two.
  landing = measureFirstLoad(output.output, '/features/home/routes/home-page.tsx', 'shells/landing.served.html');
  console.log(formatFirstLoad('/', landing));
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('first load of the landing page', () => {
  it(`fetches at most ${JS_BUDGET / 1024} KB of gzipped JavaScript`, () => {
    expect(landing.jsBytes, formatFirstLoad('/', landing)).toBeLessThanOrEqual(JS_BUDGET);
  });

  it(`fetches at most ${CRITICAL_PATH_BUDGET / 1024} KB on its critical path (HTML, JS, CSS)`, () => {
    expect(landing.criticalBytes, formatFirstLoad('/', landing)).toBeLessThanOrEqual(CRITICAL_PATH_BUDGET);
  });

  it('leaves Dexie, zod, the countries list, d3, the map and the signed-in areas out', () => {
    const loaded = landing.moduleIds.map((id) => id.replaceAll('\\', '/'));
    const found = notOnTheLanding.filter((part) => loaded.some((id) => id.includes(part)));
    expect(found).toEqual([]);
  });

  it('is written with brotli and gzip copies for the server to send', () => {
    // Files under 1 KB stay plain (precompress-plugin.ts): the headers would outweigh the saving.
    const missing = landing.files
      .filter((file) => file.gzipBytes >= 1024)
      .flatMap((file) => ['.br', '.gz'].map((suffix) => file.fileName + suffix))
      .filter((name) => !existsSync(join(outDir, name)));
    expect(missing).toEqual([]);
  });
});

describe('the landing before the visitor shows up', () => {
  const chunks = () => chunksByFileName(output.output);
  const html = (name: string) => readFileSync(join(outDir, name), 'utf8');

  it('runs only the entry: React and the app are not among its imports', () => {
    const byEntry = filesLoadedBy([entryChunk(chunks())!], chunks());
    const modules = byEntry.js
      .flatMap((fileName) => chunks().get(fileName)!.moduleIds)
      .map((id) => id.replaceAll('\\', '/'));
    expect(modules.filter((id) => /\/node_modules\/(react|react-dom|i18next|react-router)\//.test(id))).toEqual([]);
    expect(modules.some((id) => id.endsWith('/pwa/src/app/start.tsx'))).toBe(false);
  });

  it("has the app's chunks prefetched by the served landing and preloaded by index.html", () => {
    const start = appStartChunk(chunks())!.fileName;
    expect(html('shells/landing.served.html')).toContain(
      `<link rel="prefetch" as="script" crossorigin href="/${start}">`,
    );
    expect(html('shells/landing.served.html')).not.toContain(`<link rel="modulepreload" crossorigin href="/${start}">`);
    expect(html('index.html')).toContain(`<link rel="modulepreload" crossorigin href="/${start}">`);
  });
});

describe('pages sent with their chunks named in the HTML (route-shells-plugin.ts)', () => {
  const shell = (name: string) => readFileSync(join(outDir, 'shells', name), 'utf8');
  const chunkOf = (moduleSuffix: string) =>
    output.output.find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(moduleSuffix))!.fileName;
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);

  it("names the sign-in page's chunk and the query cache for /sign-in, and nothing the entry already loads", () => {
    const named = preloads(shell('sign-in.html'));
    expect(named).toEqual(
      expect.arrayContaining([chunkOf('/auth/routes/sign-in-page.tsx'), chunkOf('/lib/query-provider.tsx')]),
    );
    // index.html's own preloads (the entry's imports) are there once, not named again.
    expect(named).toEqual(expect.arrayContaining(preloads(readFileSync(join(outDir, 'index.html'), 'utf8'))));
    expect(new Set(named).size).toBe(named.length);
  });

  it('names an investor page its own chunks and marks it for signed-in visitors only (the server sends others to sign-in)', () => {
    const routes = JSON.parse(shell('routes.json')) as Record<string, { file: string; signedInOnly: boolean }>;
    expect(routes['/trading-plans']).toEqual({ file: 'trading-plans.html', signedInOnly: true });
    expect(routes['/sign-in']).toEqual({
      file: 'sign-in.html',
      servedFile: 'sign-in.served.html',
      signedInOnly: false,
    });
    const named = preloads(shell(routes['/trading-plans']!.file));
    expect(named).toEqual(
      expect.arrayContaining([
        chunkOf('/plans/routes/trading-plans-page.tsx'),
        chunkOf('/investor-shell/investor-layout.tsx'),
      ]),
    );
    expect(named).not.toContain(chunkOf('/auth/routes/sign-in-page.tsx'));
  });
});
