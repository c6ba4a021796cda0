import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRtl, LANGUAGE_CODES } from '../../api/contracts/languages';
import { appStartChunk, chunksByFileName, formatFirstLoad, measureFirstLoad, type FirstLoad } from './first-load';

// The budget for a first visit to the landing page, counted as the browser receives it (brotli): at most 100 KB of
// JavaScript to hydrate, 150 KB on the critical path. Counted: what React needs to hydrate the landing as sent (the
// entry, the app's start chunk and the page's chunk, all preloaded by its HTML). About 98 KB today: React +
// react-dom (58 KB), i18next + react-i18next (16 KB) and the router (12 KB) are most of it. What the first load
// fetches after hydrating (the ticker, the sections near the top, the service worker's registration) is counted
// in a real browser against the whole first load's budget of 110 KB (e2e/first-load.spec.ts).
const JS_BUDGET = 100 * 1024;
const CRITICAL_PATH_BUDGET = 150 * 1024;
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
  // English readers get shells/landing.en.html for / (the page rendered from its components at build time).
  landing = measureFirstLoad(output.output, '/features/home/routes/home-page.tsx', 'shells/landing.en.html');
  console.log(formatFirstLoad('/', landing));
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('first load of the landing page', () => {
  it(`fetches at most ${JS_BUDGET / 1024} KB of JavaScript to hydrate, as sent`, () => {
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
    // Files under 1 KB stay plain (precompress-plugin.ts): the headers would outweigh the saving. The page itself
    // the server compresses with the answers it adds (api/static-pwa.ts): copies of it would never be sent.
    expect(existsSync(join(outDir, 'shells/landing.en.html.br'))).toBe(false);
    const missing = landing.files
      .filter((file) => file.bytes >= 1024 && file.kind !== 'html')
      .flatMap((file) => ['.br', '.gz'].map((suffix) => file.fileName + suffix))
      .filter((name) => !existsSync(join(outDir, name)));
    expect(missing).toEqual([]);
  });
});

describe('the public pages as sent', () => {
  const chunks = () => chunksByFileName(output.output);
  const html = (name: string) => readFileSync(join(outDir, name), 'utf8');

  it('are rendered in each of the 21 languages, each marked for hydration in its language and direction', () => {
    for (const page of ['landing', 'sign-in', 'sign-up', 'about-us', 'services', 'portfolio', 'contact'])
      for (const language of LANGUAGE_CODES)
        expect(html(`shells/${page}.${language}.html`), `${page} in ${language}`).toContain(
          `<html lang="${language}" dir="${isRtl(language) ? 'rtl' : 'ltr'}" data-prerendered>`,
        );
  });

  it("name the app's chunks as module preloads, so React hydrates as soon as the page has painted", () => {
    const start = appStartChunk(chunks())!.fileName;
    expect(html('index.html')).toContain(`<link rel="modulepreload" crossorigin href="/${start}">`);
    // A page rendered at build time paints without them: they wait in a template the entry adds after the paint.
    for (const page of ['landing', 'sign-in']) {
      const [before = '', inTemplate = '', ...after] = html(`shells/${page}.fr.html`).split(
        /<template id="after-paint-preloads">|<\/template>/,
      );
      expect(inTemplate).toContain(`<link rel="modulepreload" crossorigin href="/${start}">`);
      expect(inTemplate.match(/<link rel="modulepreload"/g)?.length).toBeGreaterThan(page === 'sign-in' ? 10 : 5);
      expect(before + after.join('')).not.toMatch(/<link rel="modulepreload"|<link rel="preload" as="style"/);
    }
  });

  it('preload the query library only where the first render reads server data', () => {
    const preloadsTanStack = (name: string) =>
      [...html(name).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"[^>]*>/g)].some(([, file]) =>
        chunks()
          .get(file!)
          ?.moduleIds.some((id) => id.includes('/node_modules/@tanstack/query-core/')),
      );
    for (const page of ['landing', 'sign-in', 'sign-up', 'services', 'portfolio'])
      expect(preloadsTanStack(`shells/${page}.ar.html`), page).toBe(false);
    for (const page of ['about-us', 'contact']) expect(preloadsTanStack(`shells/${page}.ar.html`), page).toBe(true);
  });

  it('carry the texts they were rendered with, in their language, so hydrating fetches none of them', () => {
    const carried = (name: string) =>
      JSON.parse(/<script type="application\/json" id="page-texts">([^<]*)<\/script>/.exec(html(name))![1]!) as Record<
        string,
        Record<string, unknown>
      >;
    const locale = (language: string, namespace: string) =>
      JSON.parse(readFileSync(join(rootDir, 'locales', language, `${namespace}.json`), 'utf8')) as unknown;
    const french = carried('shells/landing.fr.html');
    expect(french).toEqual({ fr: { common: locale('fr', 'common'), home: locale('fr', 'home') } });
    expect(Object.keys(carried('shells/sign-in.en.html'))).toEqual(['en']);
    expect(Object.keys(carried('shells/sign-in.en.html').en!)).toEqual(expect.arrayContaining(['common', 'auth']));
  });

  it('carry their styles inline: no stylesheet request holds the first paint', () => {
    const landing = html('shells/landing.ar.html');
    expect(landing).not.toMatch(/<link rel="stylesheet" href="[^"]+">/);
    expect(landing).toMatch(/<style data-inlined="assets\/site-footer-[^"]+\.css">/);
  });
});
