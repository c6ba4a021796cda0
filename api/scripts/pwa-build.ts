import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Plugin } from 'vite';

export const rootDir = resolve(import.meta.dirname, '../..');
export const pwaDistDir = join(rootDir, 'dist/pwa');
// operator.config.json too: the site name is built into the bundle (pwa/build/operator-site-name.ts).
const sources = [
  'pwa',
  'public',
  'locales',
  'vite.config.ts',
  'package.json',
  process.env.OPERATOR_CONFIG || 'operator.config.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

/** True when dist/pwa is missing or older than any of its sources. */
export function pwaBuildIsStale(): boolean {
  const builtIndex = join(pwaDistDir, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(resolve(rootDir, source)) > built);
}

/** What the build tells as it goes: a state redrawn in place, and each phase done with its time. */
export interface BuildProgress {
  progress(text: string): void;
  done(text: string, ms: number): void;
}

/**
 * Vite's own output stays at warnings; these report the build's phases instead: the modules bundled (counted as
 * they are transformed), the public pages prerendered in every language (route-shells-plugin.ts, counted from the
 * files it emits), then the files written with the service worker and the compressed copies.
 */
export function buildProgressPlugins(report: BuildProgress, now = () => performance.now()): Plugin[] {
  let phaseStarted = now();
  let modules = 0;
  let drawnAt = 0;
  const first: Plugin = {
    name: 'start-report:bundling',
    apply: 'build',
    buildStart() {
      phaseStarted = now();
    },
    transform() {
      modules += 1;
      if (now() - drawnAt > 100) {
        drawnAt = now();
        report.progress(`building the PWA: ${modules} modules bundled`);
      }
      return null;
    },
    generateBundle: {
      // Before every other plugin's: what follows is the route shells' prerendering.
      order: 'pre',
      handler() {
        report.done(`bundled ${modules} modules`, now() - phaseStarted);
        phaseStarted = now();
        report.progress('prerendering the public pages in every language');
      },
    },
  };
  const last: Plugin = {
    name: 'start-report:prerendered',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const pages = new Set<string>();
      const languages = new Set<string>();
      for (const fileName of Object.keys(bundle)) {
        const [, page, language] = /^shells\/(.+)\.([a-z]{2}(?:-[A-Z]{2})?)\.html$/.exec(fileName) ?? [];
        if (!page || !language) continue;
        pages.add(page);
        languages.add(language);
      }
      report.done(`prerendered ${pages.size} pages in ${languages.size} languages`, now() - phaseStarted);
      phaseStarted = now();
      report.progress('writing the files, the service worker and their compressed copies');
    },
    closeBundle: {
      // After the service worker's build and precompress-plugin.ts, which run in closeBundle too.
      order: 'post',
      sequential: true,
      handler() {
        report.done('wrote the files, the service worker and their compressed copies', now() - phaseStarted);
      },
    },
  };
  return [first, last];
}

export async function buildPwa(report?: BuildProgress) {
  const { build } = await import('vite');
  await build({
    configFile: join(rootDir, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: report ? buildProgressPlugins(report) : [],
  });
}
