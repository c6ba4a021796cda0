import type { Plugin } from 'vite';
import { appStartChunk, builtIndexHtml, chunksByFileName, entryChunk, filesLoadedBy } from './first-load.ts';

export const appStartMarkers = { open: '<!--app-start-->', close: '<!--/app-start-->' } as const;

/**
 * The entry (pwa/src/main.tsx) is small and imports the app (pwa/src/app/start.tsx) itself. index.html names the
 * app's chunks and their CSS between `<!--app-start-->` markers, so the browser fetches them beside the entry
 * instead of after it.
 */
export function appStartPreloadPlugin(): Plugin {
  return {
    name: 'project-app-start-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = builtIndexHtml(bundle, 'app-start-preload-plugin');
      const chunks = chunksByFileName(bundle);
      const entry = entryChunk(chunks);
      const start = appStartChunk(chunks);
      if (!entry || !start)
        throw new Error('app-start-preload-plugin: the build has no entry chunk or no chunk for src/app/start.tsx');
      const byEntry = filesLoadedBy([entry], chunks);
      const { js, css } = filesLoadedBy([start], chunks);
      const links = [
        ...js
          .filter((file) => !byEntry.js.includes(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...css
          .filter((file) => !byEntry.css.includes(file))
          .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ];
      index.source = String(index.source).replace(
        '</head>',
        `${appStartMarkers.open}${links.join('')}${appStartMarkers.close}\n</head>`,
      );
    },
  };
}
