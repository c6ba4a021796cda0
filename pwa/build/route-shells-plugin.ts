import type { Plugin, Rolldown } from 'vite';
import { resolve } from 'node:path';
import { LANGUAGE_CODES } from '../../api/contracts/languages.ts';
import type { RouteShellIndex } from '../../api/contracts/route-shells.ts';
import { appStartChunk, builtIndexHtml, chunksByFileName, entryChunk, filesLoadedBy } from './first-load.ts';
import { withPrerenderedPage } from './prerendered-html.ts';
import { startPrerenderer } from './prerenderer.ts';

/**
 * Pages sent with their own chunks named in the HTML, so the browser fetches them beside the entry instead of
 * after it. A `prerendered` page is rendered at build time from its components, once per language, and the browser
 * hydrates it. A `signedInOnly` page asked for without a session cookie is answered with a redirect to sign-in by
 * the server, as the investor layout would do after asking for the session.
 */
export interface RouteShell {
  paths: string[];
  /** The shell's file name without `.html`; the first path's by default. */
  name?: string;
  modules: string[];
  signedInOnly?: boolean;
  /**
   * Rendered in every language. `lazyModules`: parts the page loads lazily that are in its HTML too (the footer,
   * the landing's sections): their styles are linked, their scripts load when the browser hydrates them.
   */
  prerendered?: { lazyModules: string[] };
}

const queryProvider = 'src/lib/query-provider.tsx';
const investorLayout = 'src/features/investor-shell/investor-layout.tsx';
const footer = 'src/features/layout/site-footer.tsx';
/** `queries: false` for a page that reads no server data, as its route in router.tsx says: no query cache preloaded. */
const publicPage = (path: string, module: string, { queries = true } = {}): RouteShell => ({
  paths: [path],
  modules: queries ? [module, queryProvider] : [module],
  prerendered: { lazyModules: [footer] },
});

export const routeShells: RouteShell[] = [
  {
    paths: ['/', '/homepage', '/product-home'],
    name: 'landing',
    modules: ['src/features/home/routes/home-page.tsx'],
    prerendered: { lazyModules: [footer, 'src/features/home/components/landing-sections.tsx'] },
  },
  publicPage('/sign-in', 'src/features/auth/routes/sign-in-page.tsx', { queries: false }),
  publicPage('/sign-up', 'src/features/auth/routes/sign-up-page.tsx', { queries: false }),
  publicPage('/about-us', 'src/features/about/routes/about-page.tsx'),
  publicPage('/services', 'src/features/services/routes/services-page.tsx', { queries: false }),
  publicPage('/portfolio', 'src/features/portfolio/routes/portfolio-page.tsx', { queries: false }),
  publicPage('/contact', 'src/features/contact/routes/contact-page.tsx'),
  {
    paths: ['/trading-plans'],
    modules: [investorLayout, 'src/features/plans/routes/trading-plans-page.tsx', queryProvider],
    signedInOnly: true,
  },
  {
    paths: ['/dashboard'],
    modules: [investorLayout, 'src/features/dashboard/routes/dashboard-page.tsx', queryProvider],
    signedInOnly: true,
  },
];

const pwaDir = resolve(import.meta.dirname, '..');

function assetSource(bundle: Rolldown.OutputBundle, fileName: string) {
  const asset = bundle[fileName];
  if (asset?.type !== 'asset') throw new Error(`route-shells-plugin: no asset ${fileName}`);
  return asset.source;
}
const rootDir = resolve(pwaDir, '..');

/**
 * Emits `shells/<page>.html` (the built index.html with `<link rel="modulepreload">` for the page's chunks and a
 * preload of its CSS), `shells/<page>.<language>.html` for prerendered pages, and `shells/routes.json`, which the
 * server reads to pick one per request. Chunks that index.html already names are left out.
 */
export function routeShellsPlugin(define: Record<string, string>, shells: RouteShell[] = routeShells): Plugin {
  return {
    name: 'project-route-shells',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = String(builtIndexHtml(bundle, 'route-shells-plugin').source);
      const chunks = chunksByFileName(bundle);
      const entry = entryChunk(chunks);
      const start = appStartChunk(chunks);
      if (!entry || !start) throw new Error('route-shells-plugin: the build has no entry chunk or no app start chunk');
      // index.html already names the entry's imports and the app's start chunks (app-start-preload-plugin.ts).
      const byEntry = filesLoadedBy([entry, start], chunks);
      const chunkOf = (module: string) => {
        const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/pwa/${module}`));
        if (!chunk) throw new Error(`route-shells-plugin: no chunk for ${module}`);
        return chunk;
      };
      const newFiles = (modules: string[]) => {
        const { js, css } = filesLoadedBy(modules.map(chunkOf), chunks);
        return {
          js: js.filter((file) => !byEntry.js.includes(file)),
          css: css.filter((file) => !byEntry.css.includes(file)),
        };
      };
      const modulePreloads = (js: string[]) =>
        js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);

      const routes: RouteShellIndex = {};
      const prerenderer = shells.some((shell) => shell.prerendered)
        ? await startPrerenderer(rootDir, define)
        : undefined;
      try {
        for (const shell of shells) {
          const name = shell.name ?? shell.paths[0]!.slice(1);
          const page = newFiles(shell.modules);
          if (shell.prerendered && prerenderer) {
            // The page's own styles and those of its lazy parts are in the HTML, so it paints styled.
            const lazy = newFiles(shell.prerendered.lazyModules);
            const stylesheets = [...new Set([...page.css, ...lazy.css])].map((fileName) => ({
              fileName,
              css: String(assetSource(bundle, fileName)),
            }));
            for (const language of LANGUAGE_CODES) {
              const rendered = await prerenderer.render(shell.paths[0]!, language);
              const source = withPrerenderedPage(html, {
                language,
                ...rendered,
                modulePreloads: modulePreloads(page.js),
                stylesheets,
              });
              this.emitFile({ type: 'asset', fileName: `shells/${name}.${language}.html`, source });
            }
            for (const path of shell.paths)
              routes[path] = { file: `${name}.{lng}.html`, perLanguage: true, signedInOnly: false };
            continue;
          }
          const links = [
            ...modulePreloads(page.js),
            ...page.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ];
          this.emitFile({
            type: 'asset',
            fileName: `shells/${name}.html`,
            source: html.replace('</head>', `${links.join('\n')}\n</head>`),
          });
          for (const path of shell.paths)
            routes[path] = { file: `${name}.html`, perLanguage: false, signedInOnly: shell.signedInOnly ?? false };
        }
      } finally {
        prerenderer?.close();
      }
      this.emitFile({ type: 'asset', fileName: 'shells/routes.json', source: JSON.stringify(routes) });
    },
  };
}
