import type { Plugin, Rolldown } from 'vite';
import { entryChunk, filesLoadedBy } from './first-load.ts';

type Chunk = Rolldown.OutputChunk;

/**
 * Pages sent with their own chunks named in the HTML, so the browser fetches them beside the entry instead of
 * after it (issue 9: /sign-in and /trading-plans paint only once their chunks are in). `anonymous` adds what a
 * visitor without a session cookie needs too: an investor page sends them on to sign-in.
 */
export interface RouteShell {
  paths: string[];
  modules: string[];
  /** The text namespaces the page reads first, as `routeTexts` in pwa/src/app/router.tsx says (a test keeps them equal). */
  texts: string[];
  anonymous?: { modules: string[]; texts: string[] };
}

const queryProvider = 'src/lib/query-provider.tsx';
const investorLayout = 'src/features/investor-shell/investor-layout.tsx';
const signIn = 'src/features/auth/routes/sign-in-page.tsx';
const signInPath = '/sign-in';

const signInTexts = ['auth', 'security'];
const sentToSignIn = { modules: [signIn], texts: signInTexts };

export const routeShells: RouteShell[] = [
  { paths: ['/sign-in'], modules: [signIn, queryProvider], texts: signInTexts },
  { paths: ['/sign-up'], modules: ['src/features/auth/routes/sign-up-page.tsx', queryProvider], texts: ['auth'] },
  { paths: ['/trading-plans'], modules: [investorLayout, 'src/features/plans/routes/trading-plans-page.tsx', queryProvider], texts: ['investor', 'funds'], anonymous: sentToSignIn },
  { paths: ['/dashboard'], modules: [investorLayout, 'src/features/dashboard/routes/dashboard-page.tsx', queryProvider], texts: ['investor'], anonymous: sentToSignIn },
];

/** `shells/routes.json`: for each path, the shell to send with and without a session cookie. */
export type RouteShellIndex = Record<string, { signedIn: string; anonymous: string }>;

/**
 * Emits `shells/<page>.html` (the built index.html with `<link rel="modulepreload">` for the page's chunks and a
 * preload of its CSS) and `shells/routes.json`, which the server reads to pick one per request. Chunks that the
 * entry already loads are left out; the landing's own HTML (landing.html) is not touched.
 */
export function routeShellsPlugin(shells: RouteShell[] = routeShells): Plugin {
  return {
    name: 'project-route-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route-shells-plugin: the build has no index.html');
      const html = String(index.source);
      const chunks = new Map(Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
      const entry = entryChunk(chunks);
      if (!entry) throw new Error('route-shells-plugin: the build has no entry chunk');
      const byEntry = filesLoadedBy([entry], chunks);
      const chunkOf = (module: string) => {
        const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/pwa/${module}`));
        if (!chunk) throw new Error(`route-shells-plugin: no chunk for ${module}`);
        return chunk;
      };
      const shellHtml = (modules: string[], extraHead = '') => {
        const { js, css } = filesLoadedBy(modules.map(chunkOf), chunks);
        const links = [
          ...js.filter((file) => !byEntry.js.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css.filter((file) => !byEntry.css.includes(file)).map((file) => `<link rel="preload" as="style" href="/${file}">`),
        ];
        return html.replace('</head>', `${[...links, extraHead].filter(Boolean).join('\n')}\n</head>`);
      };

      // Each shell also comes as `<name>.en.html`, which preloads the English texts the page reads first; the server
      // sends it to visitors who read English, so the texts arrive beside the scripts instead of after them.
      const emitShell = (fileName: string, source: string, texts: string[]) => {
        this.emitFile({ type: 'asset', fileName: `shells/${fileName}`, source });
        const preloads = ['common', ...texts].map((namespace) => `<link rel="preload" as="fetch" crossorigin href="/locales/en/${namespace}.json">`);
        this.emitFile({ type: 'asset', fileName: `shells/${fileName.replace(/\.html$/, '.en.html')}`, source: source.replace('</head>', `${preloads.join('\n')}\n</head>`) });
      };
      const routes: RouteShellIndex = {};
      for (const shell of shells) {
        const name = shell.paths[0]!.slice(1);
        const signedIn = `${name}.html`;
        emitShell(signedIn, shellHtml(shell.modules), shell.texts);
        let anonymous = signedIn;
        if (shell.anonymous) {
          anonymous = `${name}.anonymous.html`;
          // main.tsx fetches the sign-in page's texts too for a visitor this shell will send there.
          const goesTo = `<meta name="signed-out-page" content="${signInPath}">`;
          emitShell(anonymous, shellHtml([...shell.modules, ...shell.anonymous.modules], goesTo), [...shell.texts, ...shell.anonymous.texts]);
        }
        for (const path of shell.paths) routes[path] = { signedIn, anonymous };
      }
      this.emitFile({ type: 'asset', fileName: 'shells/routes.json', source: JSON.stringify(routes) });
    },
  };
}
