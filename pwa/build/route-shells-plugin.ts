import type { Plugin } from 'vite';
import { resolve } from 'node:path';
import { appStartChunk, builtIndexHtml, chunksByFileName, entryChunk, filesLoadedBy } from './first-load.ts';
import { asPrefetch, withServedScreen } from './served-screen-html.ts';
import type { OperatorContact } from './operator-site-name.ts';
import type { RouteShellIndex } from '../../api/contracts/route-shells.ts';

/**
 * Pages sent with their own chunks named in the HTML, so the browser fetches them beside the entry instead of
 * after it (/sign-in and /trading-plans paint only once their chunks are in). A `signedInOnly` page
 * asked for without a session cookie is answered with a redirect to sign-in by the server, as the investor
 * layout would do after asking for the session.
 */
export interface RouteShell {
  paths: string[];
  /** The shell's file name without `.html`; the first path's by default. */
  name?: string;
  modules: string[];
  signedInOnly?: boolean;
  /** Its first screen in English (pwa/served-screens/), sent to English readers in a second shell. */
  servedScreen?: string;
}

const queryProvider = 'src/lib/query-provider.tsx';
const investorLayout = 'src/features/investor-shell/investor-layout.tsx';

export const routeShells: RouteShell[] = [
  {
    paths: ['/'],
    name: 'landing',
    modules: ['src/features/home/routes/home-page.tsx'],
    servedScreen: 'served-screens/landing.html',
  },
  {
    paths: ['/sign-in'],
    modules: ['src/features/auth/routes/sign-in-page.tsx', queryProvider],
    servedScreen: 'served-screens/sign-in.html',
  },
  { paths: ['/sign-up'], modules: ['src/features/auth/routes/sign-up-page.tsx', queryProvider] },
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

/**
 * `shells/routes.json`: for each path, its shell, the shell with its first screen in English where there is one
 * (`servedFile`), and whether a visitor without a session cookie goes to sign-in.
 */
/**
 * Emits `shells/<page>.html` (the built index.html with `<link rel="modulepreload">` for the page's chunks and a
 * preload of its CSS) and `shells/routes.json`, which the server reads to pick one per request. Chunks that
 * index.html already names are left out.
 */
export function routeShellsPlugin(
  operator: { siteName: string; contact: OperatorContact },
  shells: RouteShell[] = routeShells,
): Plugin {
  return {
    name: 'project-route-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
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
      const pageLinks = (modules: string[]) => {
        const { js, css } = filesLoadedBy(modules.map(chunkOf), chunks);
        return [
          ...js
            .filter((file) => !byEntry.js.includes(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css
            .filter((file) => !byEntry.css.includes(file))
            .map((file) => `<link rel="preload" as="style" href="/${file}">`),
        ].join('\n');
      };
      const shellHtml = (links: string) => html.replace('</head>', `${links}\n</head>`);

      const routes: RouteShellIndex = {};
      for (const shell of shells) {
        const name = shell.name ?? shell.paths[0]!.slice(1);
        const file = `${name}.html`;
        const links = pageLinks(shell.modules);
        this.emitFile({ type: 'asset', fileName: `shells/${file}`, source: shellHtml(links) });
        // Beside a served first screen the page's chunks are prefetched: React waits for the visitor (src/main.tsx).
        const servedFile = shell.servedScreen ? `${name}.served.html` : undefined;
        if (servedFile) {
          const source = withServedScreen(
            shellHtml(asPrefetch(links)),
            resolve(import.meta.dirname, '..', shell.servedScreen!),
            operator.siteName,
            operator.contact,
          );
          this.emitFile({ type: 'asset', fileName: `shells/${servedFile}`, source });
        }
        for (const path of shell.paths)
          routes[path] = { file, ...(servedFile && { servedFile }), signedInOnly: shell.signedInOnly ?? false };
      }
      this.emitFile({ type: 'asset', fileName: 'shells/routes.json', source: JSON.stringify(routes) });
    },
  };
}
